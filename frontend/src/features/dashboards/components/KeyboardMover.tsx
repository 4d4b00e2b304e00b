// The keyboard alternative to dragging and resizing in edit mode: move a component before or after
// its neighbour, and make charts, markdown and columns one grid column narrower or wider.
import { useSnapshot } from 'valtio';
import type { LayoutItem } from '../../../../../shared/dashboard/layout/index';
import { parentOf } from '../../../../../shared/dashboard/layout/index';
import { dashboardStore } from '../state/dashboardStore';
import { moveTo, resize } from '../actions/layoutActions';

const SIZED = new Set(['CHART', 'MARKDOWN', 'COLUMN']);

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
