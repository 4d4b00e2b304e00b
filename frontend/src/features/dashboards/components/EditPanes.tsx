// Edit mode's side panes: "Layout elements" (tabs, row, column, header, markdown, divider) and
// "Charts" (every chart the user may add, searchable), each dragged onto the grid's drop zones, or
// added at the end of the dashboard with the item's Add button (the keyboard way), which then focuses
// the new component so the arrow keys can move it.
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import type { ComponentMeta, ComponentType } from '../../../../../shared/dashboard/layout/index';
import { api } from '../../../api/client';
import { announce } from '../../../app/announcer';
import { addDangerToast } from '../../toasts/toastStore';
import { addAtEnd } from '../actions/layoutActions';
import { ensureChart } from '../actions/chartActions';
import { setDragPayload } from './dragData';
import { focusComponent } from './KeyboardMover';

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

async function add(type: ComponentType, meta: ComponentMeta, name: string) {
  if (type === 'CHART') {
    try {
      await ensureChart(Number(meta.chartId));
    } catch {
      addDangerToast('Sorry, there is no chart definition associated with the chart trying to be added.');
      return;
    }
  }
  const id = addAtEnd(type, meta);
  if (!id) return;
  announce(`${name} added at the end of the dashboard`);
  focusComponent(id);
}

const AddButton = ({ name, onClick }: { name: string; onClick: () => void }) => (
  <button type="button" className="button button--ghost button--small edit-panes__add" aria-label={`Add ${name} to the dashboard`} onClick={onClick}>
    Add
  </button>
);

type Pane = 'charts' | 'layout';

export function EditPanes() {
  const [pane, setPane] = useState<Pane>('charts');
  const [search, setSearch] = useState('');
  const [charts, setCharts] = useState<ChartChoice[]>([]);
  const ids = useId();
  useEffect(() => {
    const filters = search ? [{ col: 'slice_name', opr: 'chart_all_text', value: search }] : [];
    api
      .call('chart.list', { q: { filters, page_size: 100, order_column: 'changed_on_delta_humanized', order_direction: 'desc' } })
      .then((res) => setCharts(res.result.map((c) => ({ id: Number(c.id), slice_name: String(c.slice_name), viz_type: String(c.viz_type) }))))
      .catch(() => setCharts([]));
  }, [search]);
  const tab = (value: Pane, text: string) => (
    <button
      type="button"
      role="tab"
      id={`${ids}-${value}-tab`}
      aria-controls={`${ids}-panel`}
      aria-selected={pane === value}
      tabIndex={pane === value ? 0 : -1}
      onClick={() => setPane(value)}
    >
      {text}
    </button>
  );
  // WAI-ARIA tabs: Left/Right switch between the two panes.
  const onTabsKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    const next: Pane = pane === 'charts' ? 'layout' : 'charts';
    setPane(next);
    document.getElementById(`${ids}-${next}-tab`)?.focus();
  };
  return (
    <aside className="edit-panes" aria-label="Dashboard components">
      <div role="tablist" className="edit-panes__tabs" aria-label="Component panes" onKeyDown={onTabsKey}>
        {tab('charts', 'Charts')}
        {tab('layout', 'Layout elements')}
      </div>
      <div role="tabpanel" id={`${ids}-panel`} aria-labelledby={`${ids}-${pane}-tab`}>
        {pane === 'layout' ? (
          <ul className="edit-panes__list" aria-label="Layout elements">
            {ELEMENTS.map(([type, label]) => (
              <li key={type} className="edit-panes__item" draggable onDragStart={(e) => setDragPayload(e, { source: 'new', type, meta: {} })} aria-label={`New ${label}`}>
                {label}
                <AddButton name={`new ${label}`} onClick={() => void add(type, {}, label)} />
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
                  <AddButton name={`chart ${c.slice_name}`} onClick={() => void add('CHART', { chartId: c.id, sliceName: c.slice_name }, `Chart ${c.slice_name}`)} />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </aside>
  );
}
