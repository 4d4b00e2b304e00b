// What a drag carries inside the dashboard editor: a new component from a pane, or an existing one.
import type { ComponentMeta, ComponentType } from '../../../../../shared/dashboard/layout/index';

export type DragPayload = { source: 'new'; type: ComponentType; meta: ComponentMeta } | { source: 'move'; id: string };

export const DRAG_MIME = 'application/x-sqlscape-dashboard';

export function setDragPayload(event: React.DragEvent, payload: DragPayload) {
  event.dataTransfer.setData(DRAG_MIME, JSON.stringify(payload));
  event.dataTransfer.setData('text/plain', payload.source === 'move' ? payload.id : payload.type);
  event.dataTransfer.effectAllowed = 'move';
}

export function readDragPayload(event: React.DragEvent): DragPayload | null {
  try {
    const text = event.dataTransfer.getData(DRAG_MIME);
    return text ? (JSON.parse(text) as DragPayload) : null;
  } catch {
    return null;
  }
}
