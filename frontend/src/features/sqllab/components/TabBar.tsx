// The editor tabs: click to activate, double-click to rename, middle-click or × to close, a menu for
// clone / rename / left bar, and "New tab". Arrow keys move between tabs (WAI-ARIA tabs pattern); on a
// tab, Delete closes it, F2 renames it and Shift+F10 (or the context-menu key) opens its actions. The
// tablist owns only tabs, so the × and ⋮ buttons are mouse shortcuts for those keys, hidden from the
// accessibility tree, and the actions menu is drawn outside the tablist.
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useSnapshot } from 'valtio';
import { activateTab, addTab, cloneTab, closeTab, renameTab, toggleLeftBar } from '../actions/tabActions';
import { sqlLab } from '../state/store';
import { activeEditorId, editorView } from '../state/tabTransitions';
import type { SqlLabState } from '../state/types';
import { isInProgress } from '../../../../../shared/constants';

function TabTitle({ id, name, onDone }: { id: string; name: string; onDone: () => void }) {
  const [value, setValue] = useState(name);
  const commit = () => {
    renameTab(id, value);
    onDone();
  };
  return (
    <input
      className="editor-tab__rename"
      aria-label="Tab name"
      autoFocus
      value={value}
      onFocus={(e) => e.target.select()}
      onChange={(e) => setValue(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
        if (e.key === 'Escape') onDone();
      }}
    />
  );
}

/** The tab's action menu: focus starts on the first item, arrows move, Escape closes. */
function TabMenu({ anchor, onClose, children }: { anchor: DOMRect; onClose: () => void; children: ReactNode }) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    root.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, []);
  return createPortal(
    <div
      ref={root}
      className="dropdown__menu editor-tab__menu"
      // Fixed at the button: the scrolling tab strip would clip an absolutely positioned menu.
      style={{ position: 'fixed', top: anchor.bottom + 4, left: anchor.left }}
      role="menu"
      onMouseLeave={onClose}
      onKeyDown={(e) => {
        const items = Array.from(e.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]'));
        const i = items.indexOf(document.activeElement as HTMLElement);
        if (e.key === 'Escape') onClose();
        else if (e.key === 'ArrowDown') items[(i + 1) % items.length]?.focus();
        else if (e.key === 'ArrowUp') items[(i - 1 + items.length) % items.length]?.focus();
        else return;
        e.preventDefault();
      }}
    >
      {children}
    </div>,
    document.body,
  );
}

export function TabBar() {
  const snap = useSnapshot(sqlLab) as SqlLabState;
  const active = activeEditorId(snap);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [menu, setMenu] = useState<{ id: string; anchor: DOMRect } | null>(null);
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const list = useRef<HTMLDivElement>(null);
  const focusActiveTab = () => requestAnimationFrame(() => list.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus());
  const closeMenu = () => {
    const id = menu?.id;
    setMenu(null);
    if (id) refs.current.get(id)?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const ids = snap.queryEditors.map((qe) => qe.id);
    let target: number | null = null;
    if (e.key === 'ArrowRight') target = (index + 1) % ids.length;
    else if (e.key === 'ArrowLeft') target = (index - 1 + ids.length) % ids.length;
    else if (e.key === 'Home') target = 0;
    else if (e.key === 'End') target = ids.length - 1;
    else if (e.key === 'F2') setRenaming(ids[index]);
    else if (e.key === 'Delete') {
      e.preventDefault();
      void closeTab(ids[index]).then(focusActiveTab);
    } else if (e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey)) {
      e.preventDefault();
      setMenu({ id: ids[index], anchor: e.currentTarget.getBoundingClientRect() });
    }
    if (target !== null) {
      e.preventDefault();
      void activateTab(ids[target]);
      refs.current.get(ids[target])?.focus();
    }
  };

  return (
    <div className="editor-tabs">
      <span id="editor-tabs-keys" className="visually-hidden">Delete closes the tab, F2 renames it, Shift+F10 opens its actions.</span>
      <div ref={list} className="editor-tabs__list" role="tablist" aria-label="Query tabs">
        {snap.queryEditors.map((qe, index) => {
          const view = editorView(snap, qe.id)!;
          const latest = view.latestQueryId ? snap.queries[view.latestQueryId] : undefined;
          const selected = qe.id === active;
          return (
            <div
              key={qe.id}
              className={`editor-tab${selected ? ' is-active' : ''}`}
              onAuxClick={(e) => e.button === 1 && void closeTab(qe.id)}
            >
              {latest && <span className={`editor-tab__dot editor-tab__dot--${latest.state}`} aria-hidden="true" title={latest.state} />}
              {renaming === qe.id ? (
                <TabTitle id={qe.id} name={view.name} onDone={() => setRenaming(null)} />
              ) : (
                <button
                  type="button"
                  role="tab"
                  ref={(el) => {
                    if (el) refs.current.set(qe.id, el);
                    else refs.current.delete(qe.id);
                  }}
                  aria-selected={selected}
                  aria-describedby="editor-tabs-keys"
                  tabIndex={selected ? 0 : -1}
                  className="editor-tab__label"
                  title={`${view.name}${latest && isInProgress(latest.state) ? ' (running)' : ''} — double-click to rename`}
                  onClick={() => void activateTab(qe.id)}
                  onDoubleClick={() => setRenaming(qe.id)}
                  onKeyDown={(e) => onKeyDown(e, index)}
                >
                  {view.name}
                </button>
              )}
              <div className="dropdown">
                <button
                  type="button"
                  className="icon-button editor-tab__menu-button"
                  title={`Tab actions for ${view.name}`}
                  aria-hidden="true"
                  tabIndex={-1}
                  onClick={(e) => setMenu(menu?.id === qe.id ? null : { id: qe.id, anchor: e.currentTarget.getBoundingClientRect() })}
                >
                  ⋮
                </button>
                {menu?.id === qe.id && (
                  <TabMenu anchor={menu.anchor} onClose={closeMenu}>
                    {[
                      ['Rename tab', () => setRenaming(qe.id)],
                      ['Clone tab', () => cloneTab(qe.id)],
                      [view.hideLeftBar ? 'Show schema browser' : 'Hide schema browser', () => toggleLeftBar(qe.id)],
                      ['Close tab', () => void closeTab(qe.id)],
                      ['Close other tabs', () => snap.queryEditors.filter((o) => o.id !== qe.id).forEach((o) => void closeTab(o.id))],
                    ].map(([label, run]) => (
                      <button
                        key={label as string}
                        type="button"
                        role="menuitem"
                        className="dropdown__item"
                        onClick={() => {
                          closeMenu();
                          (run as () => void)();
                        }}
                      >
                        {label as string}
                      </button>
                    ))}
                  </TabMenu>
                )}
              </div>
              <button type="button" className="icon-button editor-tab__close" title={`Close ${view.name}`} aria-hidden="true" tabIndex={-1} onClick={() => void closeTab(qe.id)}>
                ×
              </button>
            </div>
          );
        })}
      </div>
      <button type="button" className="button button--ghost button--small editor-tabs__new" title="New tab" onClick={() => addTab()}>
        <span aria-hidden="true">+</span> New tab
      </button>
    </div>
  );
}
