// A layout component's frame: plain in view mode; in edit mode a drag handle (move), a delete button
// and, for charts, markdown and columns, a resize handle (react-rnd) snapping to grid columns and units.
import type { CSSProperties, KeyboardEvent, ReactNode } from 'react';
import { Rnd } from 'react-rnd';
import { useSnapshot } from 'valtio';
import { GRID_BASE_UNIT, GRID_COLUMN_COUNT, type LayoutItem } from '../../../../../shared/dashboard/layout/index';
import { dashboardStore } from '../state/dashboardStore';
import { removeComponent, resize } from '../actions/layoutActions';
import { setDragPayload } from './dragData';
import { KEYS_HINT_ID, KeyboardMover, onFrameKeyDown } from './KeyboardMover';

const label = (item: LayoutItem) => {
  const name = item.meta.sliceNameOverride ?? item.meta.sliceName ?? item.meta.text;
  return `${item.type.toLowerCase()}${name ? ` ${name}` : ''}`;
};

interface Props {
  item: LayoutItem;
  className: string;
  style?: CSSProperties;
  resizable?: boolean;
  /** Grid columns of the container (12, or the width of an enclosing column). */
  parentColumns?: number;
  children: ReactNode;
}

export function EditFrame({ item, className, style, resizable, parentColumns, children }: Props) {
  const { ui } = useSnapshot(dashboardStore);
  if (!ui.editMode) {
    return (
      <div className={className} style={style} data-component-id={item.id}>
        {children}
      </div>
    );
  }
  // The frame itself takes focus in edit mode: the keyboard alternative to dragging (KeyboardMover).
  const focusable = {
    'data-component-id': item.id,
    tabIndex: 0,
    role: 'group',
    'aria-label': label(item),
    'aria-describedby': KEYS_HINT_ID,
    onKeyDown: (e: KeyboardEvent<HTMLDivElement>) => onFrameKeyDown(e, item, label(item)),
  };
  const tools = (
    <div className="edit-tools">
      <span
        className="edit-tools__handle"
        draggable
        // A pointer's handle; keyboard users move the focused frame with the arrow keys.
        aria-hidden="true"
        title={`Drag ${label(item)}`}
        onDragStart={(e) => {
          e.stopPropagation();
          setDragPayload(e, { source: 'move', id: item.id });
        }}
      >
        ⠿
      </span>
      <KeyboardMover item={item} name={label(item)} />
      <button type="button" className="edit-tools__delete" aria-label={`Delete ${label(item)}`} onClick={() => removeComponent(item.id)}>
        ✕
      </button>
    </div>
  );
  if (!resizable) {
    return (
      <div className={`${className} is-editing`} style={style} {...focusable}>
        {tools}
        {children}
      </div>
    );
  }
  // The frame keeps the component's place in the row's flow; react-rnd sits inside it, filling it, and
  // only its resize handles are used (moves go through drop zones and the keyboard buttons).
  return (
    <div className={`${className} is-editing`} style={style} {...focusable}>
      <Rnd
        className="edit-resizable"
        style={{ position: 'absolute' }}
        size={{ width: '100%', height: '100%' }}
        position={{ x: 0, y: 0 }}
        disableDragging
        enableResizing={{ right: true, bottom: item.type !== 'COLUMN', bottomRight: item.type !== 'COLUMN' }}
        resizeHandleClasses={{ right: 'resize-handle resize-handle--right', bottom: 'resize-handle resize-handle--bottom', bottomRight: 'resize-handle resize-handle--corner' }}
        onResizeStop={(_e, _dir, element) => {
          const frame = element.parentElement;
          const container = frame?.parentElement?.getBoundingClientRect().width ?? 0;
          const of = parentColumns ?? GRID_COLUMN_COUNT;
          const columns = container > 0 ? Math.round((element.getBoundingClientRect().width / container) * of) : item.meta.width;
          const height = Math.round(element.getBoundingClientRect().height / GRID_BASE_UNIT);
          resize(item.id, { width: columns, height: item.type === 'COLUMN' ? undefined : height });
        }}
      >
        {tools}
        {children}
      </Rnd>
    </div>
  );
}
