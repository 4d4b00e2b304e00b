// /sqllab/history/: every query the user ran, newest first, with a link to reopen each in the editor.
import { useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { PageHeader } from '../../app/PageHeader';
import { EmptyState } from '../../app/EmptyState';
import { api } from '../../api/client';
import { StateBadge, formatDuration } from './results/QueryStatusBar';
import type { QueryListItem, QueryListRow } from '../../../../shared/schemas/responses/queries';
import './sqllab.css';
import { Pager } from './components/Pager';

/** A history row; column selection may leave fields out, so rows without these three are not shown. */
type QueryRow = QueryListRow & Pick<QueryListItem, 'id' | 'status' | 'sql'>;
const isRow = (row: QueryListRow): row is QueryRow => row.id !== undefined && row.status !== undefined && row.sql !== undefined;

const PAGE_SIZE = 25;
const ms = (v: number | string | null | undefined) => (v == null ? null : typeof v === 'number' ? v : Date.parse(v));

export default function QueryHistoryPage() {
  const navigate = useNavigate();
  const [page, setPage] = useState(0);
  const [data, setData] = useState<{ count: number; result: QueryRow[] } | null>(null);
  const [error, setError] = useState(false);
  useEffect(() => {
    api
      .call('query.list', { q: { order_column: 'start_time', order_direction: 'desc', page, page_size: PAGE_SIZE } })
      .then((answer) => setData({ count: answer.count, result: answer.result.filter(isRow) }), () => setError(true));
  }, [page]);
  const pages = data ? Math.max(1, Math.ceil(data.count / PAGE_SIZE)) : 1;
  return (
    <div className="page">
      <PageHeader title="Query history" subtitle="Every query you ran in SQL Lab" />
      {error && <p className="form__error" role="alert">Query history could not be loaded.</p>}
      {data && data.result.length === 0 ? (
        <EmptyState headingLevel={2} title="No queries yet" message="Queries you run in SQL Lab appear here." />
      ) : (
        <div className="panel">
          <table className="simple-table">
            <thead>
              <tr>
                <th scope="col">State</th><th scope="col">Started</th><th scope="col">Duration</th><th scope="col">Database</th>
                <th scope="col">Rows</th><th scope="col">SQL</th><th scope="col"><span className="visually-hidden">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {(data?.result ?? []).map((q) => {
                const start = ms(q.start_time);
                const end = ms(q.end_time);
                return (
                  <tr key={q.id}>
                    <td><StateBadge state={q.status} /></td>
                    <td>{start ? new Date(start).toLocaleString() : '—'}</td>
                    <td>{start && end ? formatDuration(end - start) : '—'}</td>
                    <td>{q.database?.database_name ?? '—'}{q.schema ? `.${q.schema}` : ''}</td>
                    <td>{q.rows?.toLocaleString('en-US') ?? '—'}</td>
                    <td className="saved-queries__sql"><code title={q.sql}>{q.sql}</code></td>
                    <td>
                      <button type="button" className="button button--secondary button--small" aria-label={`Open query ${q.id} in SQL Lab`} onClick={() => void navigate({ to: '/sqllab/', search: { queryId: q.id } as never })}>
                        Open in SQL Lab
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <Pager page={page} pages={pages} onPage={setPage} />
        </div>
      )}
    </div>
  );
}
