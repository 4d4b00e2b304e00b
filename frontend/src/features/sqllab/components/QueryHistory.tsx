// The tab's past runs, newest first: state, start, duration, rows, SQL, and actions to reopen them.
import { useSnapshot } from 'valtio';
import { addTab } from '../actions/tabActions';
import { apply, sqlLab } from '../state/store';
import { alterEditor } from '../state/tabTransitions';
import { StateBadge, formatDuration } from '../results/QueryStatusBar';
import { fetchQueryResults, removeQueryFromHistory } from '../actions/queryActions';
import type { Query } from '../state/types';

export function QueryHistory({ editorId }: { editorId: string }) {
  const snap = useSnapshot(sqlLab);
  const queries = Object.values(snap.queries)
    .filter((q) => q.sqlEditorId === editorId && !q.isDataPreview)
    .sort((a, b) => b.startDttm - a.startDttm) as Query[];
  if (!queries.length) return <p className="south-empty">No queries yet in this tab.</p>;
  const show = (q: Query) => {
    apply((s) => alterEditor(s, editorId, { latestQueryId: q.id }, Date.now()));
    sqlLab.activeSouthPaneTab = 'Results';
    if (!q.results && q.resultsKey) void fetchQueryResults(q.id);
  };
  return (
    <div className="query-history">
      <table className="simple-table query-history__table">
        <thead>
          <tr>
            <th scope="col">State</th>
            <th scope="col">Started</th>
            <th scope="col">Duration</th>
            <th scope="col">Rows</th>
            <th scope="col">SQL</th>
            <th scope="col"><span className="visually-hidden">Actions</span></th>
          </tr>
        </thead>
        <tbody>
          {queries.map((q) => (
            <tr key={q.id}>
              <td><StateBadge state={q.state} /></td>
              <td>{new Date(q.startDttm).toLocaleString()}</td>
              <td className="is-numeric">{q.endDttm ? formatDuration(q.endDttm - q.startDttm) : '—'}</td>
              <td className="is-numeric">{q.rows?.toLocaleString('en-US') ?? '—'}</td>
              <td className="query-history__sql"><code title={q.sql}>{q.sql}</code></td>
              <td className="query-history__actions">
                <button type="button" className="button button--ghost button--small" onClick={() => show(q)} disabled={q.state !== 'success'} aria-label={`Show results of query started ${new Date(q.startDttm).toLocaleTimeString()}`}>
                  Show results
                </button>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  aria-label={`Open in new tab: query started ${new Date(q.startDttm).toLocaleTimeString()}`}
                  onClick={() => {
                    addTab({ sql: q.sql, dbId: q.dbId, schema: q.schema ?? null, catalog: q.catalog ?? null });
                    // The new tab has no history yet: show where its results will appear.
                    sqlLab.activeSouthPaneTab = 'Results';
                  }}
                >
                  Open in new tab
                </button>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Remove query started ${new Date(q.startDttm).toLocaleTimeString()} from history`}
                  title="Remove from history"
                  onClick={() => void removeQueryFromHistory(q.id)}
                >
                  ×
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
