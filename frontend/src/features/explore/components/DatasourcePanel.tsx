// The left panel: the dataset's name (and Change dataset), its metrics and columns, searchable, each
// draggable into a control.
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { exploreStore } from '../state/exploreStore';
import { setDragItem } from './dragData';
import { ChangeDatasetModal } from './ChangeDatasetModal';

/** The column's type glyph, as Superset's: clock for time, # numbers, ABC text, T/F booleans, ? unknown. */
function typeGlyph(c: { is_dttm?: boolean | null; type_generic?: number | null }): string {
  if (c.is_dttm || c.type_generic === 2) return '◷';
  return c.type_generic === 0 ? '#' : c.type_generic === 1 ? 'ABC' : c.type_generic === 3 ? 'T/F' : '?';
}

export function DatasourcePanel() {
  const { datasource } = useSnapshot(exploreStore);
  const [search, setSearch] = useState('');
  const [changing, setChanging] = useState(false);
  if (!datasource) return <aside className="explore__datasource" aria-label="Datasource">No dataset</aside>;
  const needle = search.trim().toLowerCase();
  const match = (...names: (string | null | undefined)[]) => !needle || names.some((n) => n?.toLowerCase().includes(needle));
  const metrics = (datasource.metrics ?? []).filter((m) => match(m.metric_name, m.verbose_name));
  const columns = (datasource.columns ?? []).filter((c) => match(c.column_name, c.verbose_name));
  return (
    <aside className="explore__datasource" aria-label="Datasource">
      <h2 className="explore__dataset-name" title={datasource.name ?? ''}>
        {datasource.name ?? datasource.table_name}
      </h2>
      <button type="button" className="button button--ghost button--small" onClick={() => setChanging(true)}>
        Change dataset
      </button>
      {changing && <ChangeDatasetModal currentId={datasource.id} onClose={() => setChanging(false)} />}
      <input type="search" className="input" placeholder="Search Metrics & Columns" aria-label="Search metrics and columns" value={search} onChange={(e) => setSearch(e.target.value)} />
      <h3 className="explore__list-title">{`Metrics (${metrics.length})`}</h3>
      <ul className="explore__items" aria-label="Metrics">
        {metrics.map((m) => (
          <li key={m.metric_name} draggable className="explore__item explore__item--metric" aria-label={`Metric ${m.metric_name}`} onDragStart={(e) => setDragItem(e, { kind: 'metric', name: m.metric_name })} title={m.expression}>
            <span aria-hidden="true">ƒ</span> {m.verbose_name || m.metric_name}
          </li>
        ))}
      </ul>
      <h3 className="explore__list-title">{`Columns (${columns.length})`}</h3>
      <ul className="explore__items" aria-label="Columns">
        {columns.map((c) => (
          <li key={c.column_name} draggable className="explore__item" aria-label={`Column ${c.column_name}`} onDragStart={(e) => setDragItem(e, { kind: 'column', name: c.column_name })} title={c.type ?? ''}>
            <span aria-hidden="true" className="explore__type">{typeGlyph(c)}</span> {c.verbose_name || c.column_name}
          </li>
        ))}
      </ul>
    </aside>
  );
}
