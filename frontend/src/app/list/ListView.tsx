// One list for every resource page: filters, sortable headers (aria-sort), paging, table or card view,
// bulk select with bulk actions, and the empty state. State lives in the URL (useListState); data comes
// from the page's fetchPage, which calls the resource's list route with Superset's rison arguments.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { EmptyState } from '../EmptyState';
import { ListFilters } from './ListFilters';
import { ListPager } from './ListPager';
import { nextSort, toListArgs } from './listQuery';
import type { BulkAction, ListArgs, ListColumn, ListFilter, ListPage, ListState } from './types';
import { useListState } from './useListState';
import './list.css';

export interface ListViewProps<Row> {
  /** Accessible name of the table (and the card list). */
  label: string;
  columns: ListColumn<Row>[];
  filters?: ListFilter[];
  fetchPage: (args: ListArgs) => Promise<ListPage<Row>>;
  rowKey: (row: Row) => string | number;
  /** Names a row in the bulk-select checkbox ("Select <name>"). */
  rowLabel: (row: Row) => string;
  initialSort: { column: string; order: 'asc' | 'desc' };
  pageSize?: number;
  bulkActions?: BulkAction<Row>[];
  renderCard?: (row: Row) => ReactNode;
  defaultViewMode?: 'table' | 'card';
  empty: { title: string; message: ReactNode; filteredMessage?: ReactNode };
  loadError: string;
  /** Change it to fetch again (after an edit or delete). */
  reloadToken?: number;
  onLoaded?: (page: ListPage<Row>) => void;
}

const noFilters: ListFilter[] = [];

export function ListView<Row>(props: ListViewProps<Row>) {
  const { columns, filters = noFilters, fetchPage, rowKey, pageSize = 25, bulkActions, renderCard } = props;
  const sortable = useMemo(() => columns.flatMap((c) => (c.sortColumn ? [c.sortColumn] : [])), [columns]);
  const initial: ListState = {
    filters: {},
    sortColumn: props.initialSort.column,
    sortOrder: props.initialSort.order,
    pageIndex: 0,
    viewMode: renderCard ? (props.defaultViewMode ?? 'card') : 'table',
  };
  const [state, update] = useListState(initial, [...sortable, initial.sortColumn]);
  const [data, setData] = useState<ListPage<Row> | null>(null);
  const [failed, setFailed] = useState(false);
  /** A page is being asked for: before the first answer the list says so instead of showing no rows. */
  const [pending, setPending] = useState(true);
  const [bulk, setBulk] = useState(false);
  const [selected, setSelected] = useState<Set<string | number>>(new Set());
  const args = useMemo(() => toListArgs(state, filters, pageSize), [state, filters, pageSize]);
  const argsKey = JSON.stringify(args);

  useEffect(() => {
    let live = true;
    setPending(true);
    // Typing in a search box waits for a pause before asking the server.
    const timer = setTimeout(() => {
      fetchPage(JSON.parse(argsKey) as ListArgs).then(
        (page) => {
          if (!live) return;
          setData(page);
          setFailed(false);
          setPending(false);
          // A refreshed page keeps the selection of rows it still shows (a late answer never unticks a box).
          const shown = new Set(page.result.map(rowKey));
          setSelected((s) => new Set([...s].filter((key) => shown.has(key))));
          props.onLoaded?.(page);
        },
        () => {
          if (!live) return;
          setFailed(true);
          setPending(false);
        },
      );
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [argsKey, fetchPage, props.reloadToken]);

  const rows = data?.result ?? [];
  const filtered = Object.values(state.filters).some((v) => (Array.isArray(v) ? v.some(Boolean) : v !== '' && v !== undefined));
  const chosen = rows.filter((r) => selected.has(rowKey(r)));
  const toggle = (row: Row) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(rowKey(row))) next.delete(rowKey(row));
      else next.add(rowKey(row));
      return next;
    });
  const showChecks = Boolean(bulkActions?.length) && bulk;
  const loadingFirst = pending && !data;
  const loadingNote = <span className="list-view__loading" role="status">Loading {props.label.toLowerCase()}…</span>;

  return (
    <div className="list-view">
      <div className="list-view__bar">
        <ListFilters filters={filters} values={state.filters} onChange={(id, value) => update({ filters: { ...state.filters, [id]: value }, pageIndex: 0 })} />
        <div className="list-view__tools">
          {renderCard && (
            <div role="group" aria-label="View mode" className="list-view__modes">
              <button type="button" className="button button--ghost button--small" aria-pressed={state.viewMode === 'card'} onClick={() => update({ viewMode: 'card' })}>Card view</button>
              <button type="button" className="button button--ghost button--small" aria-pressed={state.viewMode === 'table'} onClick={() => update({ viewMode: 'table' })}>List view</button>
            </div>
          )}
          {bulkActions?.length ? (
            <button type="button" className="button button--secondary button--small" aria-pressed={bulk} onClick={() => { setBulk(!bulk); setSelected(new Set()); }}>
              {bulk ? 'Close bulk select' : 'Bulk select'}
            </button>
          ) : null}
        </div>
      </div>
      {showChecks && (
        <div className="list-view__bulk" role="region" aria-label="Bulk actions">
          <span>{chosen.length} selected</span>
          {bulkActions!.map((a) => (
            <button key={a.key} type="button" className={`button button--small ${a.danger ? 'button--danger' : 'button--secondary'}`} disabled={!chosen.length} onClick={() => void a.run(chosen)}>
              {a.label}
            </button>
          ))}
        </div>
      )}
      {failed && <p className="form__error" role="alert">{props.loadError}</p>}
      {data && rows.length === 0 ? (
        <EmptyState headingLevel={2} title={filtered ? 'No results' : props.empty.title} message={filtered ? (props.empty.filteredMessage ?? 'Nothing matches these filters.') : props.empty.message} />
      ) : state.viewMode === 'card' && renderCard ? (
        <ul className="list-view__cards" aria-label={props.label} aria-busy={pending}>
          {loadingFirst && <li className="list-view__card list-view__card--loading">{loadingNote}</li>}
          {rows.map((row) => (
            <li key={rowKey(row)} className="list-view__card">
              {showChecks && <input type="checkbox" aria-label={`Select ${props.rowLabel(row)}`} checked={selected.has(rowKey(row))} onChange={() => toggle(row)} />}
              {renderCard(row)}
            </li>
          ))}
        </ul>
      ) : (
        <div className="panel list-view__panel">
          <table className="simple-table list-view__table" aria-label={props.label} aria-busy={pending}>
            <thead>
              <tr>
                {showChecks && (
                  <th scope="col">
                    <input
                      type="checkbox"
                      aria-label="Select all on this page"
                      checked={rows.length > 0 && chosen.length === rows.length}
                      onChange={(e) => setSelected(new Set(e.target.checked ? rows.map(rowKey) : []))}
                    />
                  </th>
                )}
                {columns.map((c) => {
                  const active = c.sortColumn !== undefined && c.sortColumn === state.sortColumn;
                  return (
                    <th key={c.id} scope="col" className={c.className} aria-sort={active ? (state.sortOrder === 'asc' ? 'ascending' : 'descending') : c.sortColumn ? 'none' : undefined}>
                      {c.hiddenHeader ? (
                        <span className="visually-hidden">{c.header}</span>
                      ) : c.sortColumn ? (
                        <button type="button" className="list-view__sort" aria-label={`Sort by ${c.header}`} onClick={() => update({ ...nextSort(state, c.sortColumn!), pageIndex: 0 })}>
                          {c.header}
                          <span aria-hidden="true" className="list-view__sort-mark">{active ? (state.sortOrder === 'asc' ? '▲' : '▼') : '↕'}</span>
                        </button>
                      ) : (
                        c.header
                      )}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {loadingFirst && (
                <tr>
                  <td colSpan={columns.length + (showChecks ? 1 : 0)}>{loadingNote}</td>
                </tr>
              )}
              {rows.map((row) => (
                <tr key={rowKey(row)} aria-selected={showChecks ? selected.has(rowKey(row)) : undefined}>
                  {showChecks && (
                    <td>
                      <input type="checkbox" aria-label={`Select ${props.rowLabel(row)}`} checked={selected.has(rowKey(row))} onChange={() => toggle(row)} />
                    </td>
                  )}
                  {columns.map((c) => (
                    <td key={c.id} className={c.className}>{c.render(row)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && <ListPager page={state.pageIndex} count={data.count} pageSize={pageSize} onPage={(pageIndex) => update({ pageIndex })} />}
    </div>
  );
}
