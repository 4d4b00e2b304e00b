// /sqllab/history/: every query the user ran (Admins: everyone's) on the shared ListView: search by SQL
// text, filters for database, state, user (Admins) and time range, sort by any column, paging, and a
// link to reopen each query in the editor.
import { useMemo } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { PageHeader } from '../../app/PageHeader';
import { api } from '../../api/client';
import { ListView } from '../../app/list/ListView';
import { toOptions } from '../../app/list/fetchList';
import type { ListArgs, ListColumn, ListFilter } from '../../app/list/types';
import { session } from '../../auth/session';
import { StateBadge, formatDuration } from './results/QueryStatusBar';
import { QUERY_STATES } from '../../../../shared/constants';
import type { QueryListItem, QueryListRow } from '../../../../shared/schemas/responses/queries';
import './sqllab.css';

/** A history row; column selection may leave fields out, so rows without these three are not shown. */
type QueryRow = QueryListRow & Pick<QueryListItem, 'id' | 'status' | 'sql'>;
const isRow = (row: QueryListRow): row is QueryRow => row.id !== undefined && row.status !== undefined && row.sql !== undefined;

const ms = (v: number | string | null | undefined) => (v == null ? null : typeof v === 'number' ? v : Date.parse(v));
const fetchHistory = async (q: ListArgs) => {
  const answer = await api.call('query.list', { q: { ...q } });
  return { count: answer.count, result: answer.result.filter(isRow) };
};

const databases = async () => {
  const answer = await api.call('database.list', { q: { order_column: 'database_name', order_direction: 'asc', page: 0, page_size: -1 } });
  return answer.result.flatMap((d) => (d.id !== undefined && d.database_name ? [{ value: d.id, label: d.database_name }] : []));
};
const users = async () => toOptions(await api.call('dataset.related', { params: { column: 'owners' }, q: { page: 0, page_size: 1000 } }));

export default function QueryHistoryPage() {
  const navigate = useNavigate();
  const { roles } = useSnapshot(session);
  const admin = roles.includes('Admin');
  const filters = useMemo<ListFilter[]>(
    () => [
      { kind: 'search', id: 'sql', label: 'Search SQL', placeholder: 'Text in the SQL', col: 'sql', opr: 'ct' },
      { kind: 'select', id: 'database', label: 'Database', col: 'database', opr: 'rel_o_m', options: databases },
      { kind: 'select', id: 'state', label: 'State', col: 'status', opr: 'eq', options: QUERY_STATES.map((s) => ({ value: s, label: s })) },
      ...(admin ? [{ kind: 'select', id: 'user', label: 'User', col: 'user', opr: 'rel_o_m', options: users } as const] : []),
      { kind: 'timeRange', id: 'time', label: 'Time range', col: 'start_time', opr: 'between' },
    ],
    [admin],
  );
  const columns: ListColumn<QueryRow>[] = [
    { id: 'state', header: 'State', sortColumn: 'status', render: (q) => <StateBadge state={q.status} /> },
    { id: 'started', header: 'Started', sortColumn: 'start_time', render: (q) => (ms(q.start_time) ? new Date(ms(q.start_time)!).toLocaleString() : '—') },
    {
      id: 'duration',
      header: 'Duration',
      render: (q) => {
        const start = ms(q.start_time);
        const end = ms(q.end_time);
        return start && end ? formatDuration(end - start) : '—';
      },
    },
    { id: 'database', header: 'Database', sortColumn: 'database.database_name', render: (q) => q.database?.database_name ?? '—' },
    { id: 'schema', header: 'Schema', sortColumn: 'schema', render: (q) => q.schema || '—' },
    { id: 'tab', header: 'Tab', sortColumn: 'tab_name', render: (q) => q.tab_name || '—' },
    ...(admin ? [{ id: 'user', header: 'User', sortColumn: 'user.first_name', render: (q: QueryRow) => (q.user ? `${q.user.first_name} ${q.user.last_name}`.trim() : '—') }] : []),
    { id: 'rows', header: 'Rows', sortColumn: 'rows', render: (q) => q.rows?.toLocaleString('en-US') ?? '—' },
    { id: 'sql', header: 'SQL', sortColumn: 'sql', className: 'saved-queries__sql', render: (q) => <code title={q.sql}>{q.sql}</code> },
    {
      id: 'actions',
      header: 'Actions',
      hiddenHeader: true,
      render: (q) => (
        <button type="button" className="button button--secondary button--small" aria-label={`Open in SQL Lab: query ${q.id}`} onClick={() => void navigate({ to: '/sqllab/', search: { queryId: q.id } as never })}>
          Open in SQL Lab
        </button>
      ),
    },
  ];
  return (
    <div className="page">
      <PageHeader title="Query history" subtitle={admin ? 'Every query run in SQL Lab' : 'Every query you ran in SQL Lab'} />
      <ListView
        label="Query history"
        columns={columns}
        filters={filters}
        fetchPage={fetchHistory}
        rowKey={(q) => q.id}
        rowLabel={(q) => `query ${q.id}`}
        initialSort={{ column: 'start_time', order: 'desc' }}
        empty={{ title: 'No queries yet', message: 'Queries you run in SQL Lab appear here.', filteredMessage: 'No query matches these filters.' }}
        loadError="Query history could not be loaded."
      />
    </div>
  );
}
