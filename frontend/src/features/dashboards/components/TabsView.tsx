// A tabs component: a tab list (ARIA tabs pattern) and the active tab's content; in edit mode the
// active tab's title is renamed in place ("Rename tab" or a double click; Enter or leaving the field
// keeps it, Escape drops it), and "+" after the tabs adds a tab and opens it. The active tab is kept in
// the dashboard's activeTabs.
import { useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import type { LayoutItem } from '../../../../../shared/dashboard/layout/index';
import { dashboardStore } from '../state/dashboardStore';
import { addTab, editMeta, selectTab } from '../actions/layoutActions';

/** `Children` renders the active tab's content (LayoutNode's, passed in so the two modules do not import each other). */
export function TabsView({ item, Children }: { item: LayoutItem; Children: (props: { item: LayoutItem; orientation: 'vertical' }) => ReactNode }) {
  const { ui, history } = useSnapshot(dashboardStore);
  const layout = history.present as Record<string, LayoutItem>;
  const tabs = item.children.map((id) => layout[id]).filter(Boolean);
  const active = tabs.find((t) => ui.activeTabs.includes(t.id)) ?? tabs[0];
  const [renaming, setRenaming] = useState<string | null>(null);
  if (!active) return null;
  const titleOf = (tab: LayoutItem) => String(tab.meta.text ?? 'Tab title');
  const rename = (tab: LayoutItem, text: string) => {
    setRenaming(null);
    if (text.trim() && text !== titleOf(tab)) editMeta(tab.id, { text: text.trim() });
  };
  const onKeyDown = (e: React.KeyboardEvent, i: number) => {
    const next = e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : null;
    if (next === null || !tabs[(next + tabs.length) % tabs.length]) return;
    const tab = tabs[(next + tabs.length) % tabs.length];
    selectTab(active.id, tab.id);
    document.getElementById(`tab-${tab.id}`)?.focus();
  };
  return (
    <div className="dash-tabs__inner">
      <div className="dash-tabs__bar">
        <div role="tablist" className="dash-tabs__list">
          {tabs.map((tab, i) => (
            <button
              key={tab.id}
              id={`tab-${tab.id}`}
              role="tab"
              type="button"
              aria-selected={tab.id === active.id}
              aria-controls={`panel-${tab.id}`}
              tabIndex={tab.id === active.id ? 0 : -1}
              className={`dash-tabs__tab${tab.id === active.id ? ' is-active' : ''}`}
              onClick={() => selectTab(active.id, tab.id)}
              onKeyDown={(e) => onKeyDown(e, i)}
              onDoubleClick={() => ui.editMode && setRenaming(tab.id)}
            >
              {titleOf(tab)}
            </button>
          ))}
        </div>
        {ui.editMode && (
          <button
            type="button"
            className="dash-tabs__add"
            aria-label="Add tab"
            title="Add tab"
            onClick={() => {
              const id = addTab(item.id);
              if (id) selectTab(active.id, id);
            }}
          >
            +
          </button>
        )}
      </div>
      {ui.editMode && renaming !== active.id && (
        <button type="button" className="button button--ghost button--small dash-tabs__rename" onClick={() => setRenaming(active.id)}>
          {`Rename tab ${titleOf(active)}`}
        </button>
      )}
      {ui.editMode && renaming === active.id && (
        <input
          className="input dash-tabs__title-input"
          aria-label="Tab title"
          autoFocus
          defaultValue={titleOf(active)}
          onBlur={(e) => rename(active, e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') rename(active, e.currentTarget.value);
            if (e.key === 'Escape') {
              e.stopPropagation();
              setRenaming(null);
            }
          }}
        />
      )}
      <div role="tabpanel" id={`panel-${active.id}`} aria-labelledby={`tab-${active.id}`} className="dash-tabs__panel">
        <Children item={active} orientation="vertical" />
      </div>
    </div>
  );
}
