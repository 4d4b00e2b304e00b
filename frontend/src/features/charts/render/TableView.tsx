// The table viz: sortable headers, an optional search box, paging, totals, and row clicks handed on
// for cross-filters.
import { useMemo, useState } from 'react';
import type { ClickedPoint, TableProps } from '../../../../../shared/viz/types';

type Sort = { key: string; desc: boolean } | null;

const compare = (a: unknown, b: unknown) => {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  return typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
};

export function TableView({ props, label, onPointClick }: { props: TableProps; label: string; onPointClick?: (p: ClickedPoint) => void }) {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>(null);
  const [page, setPage] = useState(0);
  const rows = useMemo(() => {
    const needle = search.toLowerCase();
    const found = needle ? props.rows.filter((r) => props.columns.some((c) => String(r[c.key] ?? '').toLowerCase().includes(needle))) : props.rows;
    if (!sort) return found;
    const sorted = [...found].sort((a, b) => compare(a[sort.key], b[sort.key]));
    return sort.desc ? sorted.reverse() : sorted;
  }, [props.rows, props.columns, search, sort]);
  const size = props.pageSize > 0 ? props.pageSize : rows.length || 1;
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const shown = rows.slice(page * size, page * size + size);
  const toggle = (key: string) => setSort((s) => (s?.key === key ? (s.desc ? null : { key, desc: true }) : { key, desc: false }));

  return (
    <div className="chart-table" style={{ width: props.width, height: props.height, overflow: 'auto' }}>
      {props.includeSearch && (
        <label className="chart-table__search">
          Search <input type="search" aria-label={`Search ${label}`} value={search} onChange={(e) => { setSearch(e.target.value); setPage(0); }} />
        </label>
      )}
      <table aria-label={label}>
        <thead>
          <tr>
            {props.columns.map((c) => (
              <th key={c.key} style={{ textAlign: c.align }} aria-sort={sort?.key === c.key ? (sort.desc ? 'descending' : 'ascending') : 'none'}>
                <button type="button" onClick={() => toggle(c.key)}>{c.label}</button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((row, i) => (
            <tr key={i}>
              {props.columns.map((c) => (
                <td
                  key={c.key}
                  style={{ textAlign: c.align, cursor: onPointClick && props.emitCrossFilters && !c.isMetric ? 'pointer' : undefined }}
                  onClick={onPointClick && props.emitCrossFilters ? () => onPointClick({ row, column: c.key, dataIndex: page * size + i }) : undefined}
                >
                  {c.format(row[c.key])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {props.totals && (
          <tfoot>
            <tr>
              {props.columns.map((c, i) => (
                <td key={c.key} style={{ textAlign: c.align }}>{i === 0 && !c.isMetric ? 'Summary' : c.isMetric ? c.format(props.totals![c.key]) : ''}</td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
      {pages > 1 && (
        <nav className="chart-table__pager" aria-label={`${label} pages`}>
          <button type="button" disabled={page === 0} onClick={() => setPage(page - 1)}>Previous page</button>
          <span>{`${page + 1} / ${pages}`}</span>
          <button type="button" disabled={page >= pages - 1} onClick={() => setPage(page + 1)}>Next page</button>
        </nav>
      )}
    </div>
  );
}
