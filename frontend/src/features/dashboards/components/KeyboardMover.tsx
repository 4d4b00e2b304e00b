// The keyboard alternative to dragging and resizing in edit mode. A component's frame takes focus:
// arrow keys move it (past a neighbour in its row, or into the row above or below), Shift+Left/Right
// make it a grid column narrower or wider, Shift+Up/Down shorter or taller; each change is announced.
// The buttons do the same for a pointer or switch user: move before/after, narrower/wider.
import type { KeyboardEvent } from 'react';
import { useSnapshot } from 'valtio';
import type { KeyboardMove, Layout, LayoutItem } from '../../../../../shared/dashboard/layout/index';
import { GRID_COLUMN_COUNT, parentOf } from '../../../../../shared/dashboard/layout/index';
import { announce } from '../../../app/announcer';
import { dashboardStore } from '../state/dashboardStore';
import { moveByKey, moveTo, resize } from '../actions/layoutActions';

const SIZED = new Set(['CHART', 'MARKDOWN', 'COLUMN']);
const TALL = new Set(['CHART', 'MARKDOWN']);
const HEIGHT_STEP = 10;
export const KEYS_HINT_ID = 'dashboard-edit-keys';

/** Focus the component's frame once React has drawn it at its new place. */
export const focusComponent = (id: string) =>
  requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-component-id="${CSS.escape(id)}"]`)?.focus());

/** "row 2, position 1 of 3" for a component in a row; "position 2 of 4" elsewhere. */
function placeOf(layout: Layout, id: string): string {
  const parent = parentOf(layout, id);
  if (!parent) return '';
  const position = `position ${parent.children.indexOf(id) + 1} of ${parent.children.length}`;
  if (parent.type !== 'ROW') return position;
  const rows = (parentOf(layout, parent.id)?.children ?? []).filter((c) => layout[c]?.type === 'ROW');
  return `row ${rows.indexOf(parent.id) + 1}, ${position}`;
}

const ARROWS: Record<string, KeyboardMove> = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down' };

/** Key handling for a component's frame in edit mode (only for keys pressed on the frame itself). */
export function onFrameKeyDown(e: KeyboardEvent<HTMLElement>, item: LayoutItem, name: string) {
  const move = ARROWS[e.key];
  if (!move || e.target !== e.currentTarget || e.altKey || e.ctrlKey || e.metaKey) return;
  e.preventDefault();
  if (e.shiftKey) {
    const horizontal = move === 'left' || move === 'right';
    if (horizontal ? !SIZED.has(item.type) : !TALL.has(item.type)) return;
    const grow = move === 'right' || move === 'down';
    const size = horizontal ? { width: (item.meta.width ?? GRID_COLUMN_COUNT) + (grow ? 1 : -1) } : { height: (item.meta.height ?? 50) + (grow ? HEIGHT_STEP : -HEIGHT_STEP) };
    if (!resize(item.id, size)) return;
    const meta = dashboardStore.history.present[item.id].meta;
    announce(horizontal ? `${name}: width ${meta.width} of ${GRID_COLUMN_COUNT} columns` : `${name}: height ${meta.height} units`);
    return;
  }
  if (!moveByKey(item.id, move)) {
    announce(`${name} cannot move ${move}`);
    return;
  }
  announce(`${name} moved to ${placeOf(dashboardStore.history.present, item.id)}`);
  focusComponent(item.id);
}

/** Said once on the page and pointed to by every component frame. */
export function KeysHint() {
  return (
    <span id={KEYS_HINT_ID} className="visually-hidden">
      Arrow keys move the component, Shift with Left or Right changes its width, Shift with Up or Down its height.
    </span>
  );
}

export function KeyboardMover({ item, name }: { item: LayoutItem; name: string }) {
  const { history } = useSnapshot(dashboardStore);
  const layout = history.present as Record<string, LayoutItem>;
  const parent = parentOf(layout, item.id);
  if (!parent) return null;
  const index = parent.children.indexOf(item.id);
  const horizontal = parent.type === 'ROW';
  return (
    <span className="keyboard-mover">
      <button type="button" aria-label={`Move ${name} ${horizontal ? 'left' : 'up'}`} disabled={index <= 0} onClick={() => moveTo(item.id, { parentId: parent.id, index: index - 1 })}>
        {horizontal ? '←' : '↑'}
      </button>
      <button
        type="button"
        aria-label={`Move ${name} ${horizontal ? 'right' : 'down'}`}
        disabled={index >= parent.children.length - 1}
        onClick={() => moveTo(item.id, { parentId: parent.id, index: index + 2 })}
      >
        {horizontal ? '→' : '↓'}
      </button>
      {SIZED.has(item.type) && (
        <>
          <button type="button" aria-label={`Make ${name} narrower`} onClick={() => resize(item.id, { width: (item.meta.width ?? 4) - 1 })}>
            −
          </button>
          <button type="button" aria-label={`Make ${name} wider`} onClick={() => resize(item.id, { width: (item.meta.width ?? 4) + 1 })}>
            +
          </button>
        </>
      )}
    </span>
  );
}
