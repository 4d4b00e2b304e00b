// Edit mode's side panes: "Layout elements" (tabs, row, column, header, markdown, divider) and
// "Charts" (every chart the user may add, searchable), each dragged onto the grid's drop zones.
import { useEffect, useState } from 'react';
import type { ComponentType } from '../../../../../shared/dashboard/layout/index';
import { api } from '../../../api/client';
import { setDragPayload } from './dragData';

const ELEMENTS: [ComponentType, string][] = [
  ['TABS', 'Tabs'],
  ['ROW', 'Row'],
  ['COLUMN', 'Column'],
  ['HEADER', 'Header'],
  ['MARKDOWN', 'Text / Markdown'],
  ['DIVIDER', 'Divider'],
];

interface ChartChoice {
  id: number;
  slice_name: string;
  viz_type: string;
}

export function EditPanes() {
  const [pane, setPane] = useState<'layout' | 'charts'>('charts');
  const [search, setSearch] = useState('');
  const [charts, setCharts] = useState<ChartChoice[]>([]);
  useEffect(() => {
    const filters = search ? [{ col: 'slice_name', opr: 'chart_all_text', value: search }] : [];
    api
      .call('chart.list', { q: { filters, page_size: 100, order_column: 'changed_on_delta_humanized', order_direction: 'desc' } })
      .then((res) => setCharts(res.result.map((c) => ({ id: Number(c.id), slice_name: String(c.slice_name), viz_type: String(c.viz_type) }))))
      .catch(() => setCharts([]));
  }, [search]);
  return (
    <aside className="edit-panes" aria-label="Dashboard components">
      <div role="tablist" className="edit-panes__tabs">
        <button type="button" role="tab" aria-selected={pane === 'charts'} onClick={() => setPane('charts')}>Charts</button>
        <button type="button" role="tab" aria-selected={pane === 'layout'} onClick={() => setPane('layout')}>Layout elements</button>
      </div>
      {pane === 'layout' ? (
        <ul className="edit-panes__list" aria-label="Layout elements">
          {ELEMENTS.map(([type, label]) => (
            <li key={type} className="edit-panes__item" draggable onDragStart={(e) => setDragPayload(e, { source: 'new', type, meta: {} })} aria-label={`New ${label}`}>
              {label}
            </li>
          ))}
        </ul>
      ) : (
        <>
          <input type="search" className="input" aria-label="Filter your charts" placeholder="Filter your charts" value={search} onChange={(e) => setSearch(e.target.value)} />
          <ul className="edit-panes__list" aria-label="Charts">
            {charts.map((c) => (
              <li
                key={c.id}
                className="edit-panes__item"
                draggable
                onDragStart={(e) => setDragPayload(e, { source: 'new', type: 'CHART', meta: { chartId: c.id, sliceName: c.slice_name } })}
                aria-label={`Chart ${c.slice_name}`}
              >
                <strong>{c.slice_name}</strong>
                <span className="edit-panes__viz">{c.viz_type}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </aside>
  );
}
