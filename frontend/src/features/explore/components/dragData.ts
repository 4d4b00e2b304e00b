// What the datasource panel drags into controls: a column or a saved metric, by name.
export const DRAG_TYPE = 'application/x-sqlscape-explore-item';

export interface DragItem {
  kind: 'column' | 'metric';
  name: string;
}

export function setDragItem(event: React.DragEvent, item: DragItem) {
  event.dataTransfer.setData(DRAG_TYPE, JSON.stringify(item));
  event.dataTransfer.setData('text/plain', item.name);
  event.dataTransfer.effectAllowed = 'copy';
}

export function readDragItem(event: React.DragEvent): DragItem | null {
  try {
    const raw = event.dataTransfer.getData(DRAG_TYPE);
    return raw ? (JSON.parse(raw) as DragItem) : null;
  } catch {
    return null;
  }
}

/** Props that make an element accept dropped items. */
export function dropTarget(onDrop: (item: DragItem) => void, accepts: (item: DragItem) => boolean = () => true) {
  return {
    onDragOver: (e: React.DragEvent) => {
      if (e.dataTransfer.types.includes(DRAG_TYPE)) {
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
      }
    },
    onDrop: (e: React.DragEvent) => {
      const item = readDragItem(e);
      if (!item || !accepts(item)) return;
      e.preventDefault();
      onDrop(item);
    },
  };
}
