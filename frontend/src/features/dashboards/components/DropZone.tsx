// A drop target between the children of a container (edit mode): highlights while something is
// dragged over it and hands the drop to the layout rules at (parentId, index). With a hint (an empty
// tab) it is a large target that says what to do.
import { useState } from 'react';
import { dropNew, moveTo } from '../actions/layoutActions';
import { ensureChart } from '../actions/chartActions';
import { addDangerToast } from '../../toasts/toastStore';
import { DRAG_MIME, readDragPayload } from './dragData';

export function DropZone({ parentId, index, orientation, hint }: { parentId: string; index: number; orientation: 'horizontal' | 'vertical'; hint?: string }) {
  const [over, setOver] = useState(false);
  return (
    <div
      className={`drop-zone drop-zone--${orientation}${hint ? ' drop-zone--empty' : ''}${over ? ' drop-zone--over' : ''}`}
      data-testid={`drop-${parentId}-${index}`}
      aria-hidden="true"
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes(DRAG_MIME)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        e.stopPropagation();
        setOver(false);
        const payload = readDragPayload(e);
        if (!payload) return;
        if (payload.source === 'new' && payload.type === 'CHART' && payload.meta.chartId) {
          // The chart's definition first, so the new cell can draw it.
          void ensureChart(Number(payload.meta.chartId)).then(
            () => dropNew(payload.type, payload.meta, { parentId, index }),
            () => addDangerToast('Sorry, there is no chart definition associated with the chart trying to be added.'),
          );
        } else if (payload.source === 'new') dropNew(payload.type, payload.meta, { parentId, index });
        else moveTo(payload.id, { parentId, index });
      }}
    >
      {hint}
    </div>
  );
}
