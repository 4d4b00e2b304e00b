// One query's outcome: progress while it runs, the error view when it fails, and otherwise the grid
// with its toolbar (row count and limit, search, copy, CSV/XLSX download, Save dataset).
import { memo, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { isInProgress } from '../../../../../shared/constants';
import { fetchQueryResults, stopQuery } from '../actions/queryActions';
import { copyText } from '../actions/savedActions';
import { addTab } from '../actions/tabActions';
import { addSuccessToast } from '../../toasts/toastStore';
import { ErrorMessage } from '../../../app/errors/ErrorMessage';
import { sqlLab, sqlLabConfig } from '../state/store';
import type { Query } from '../state/types';
import { QueryStatusBar } from './QueryStatusBar';
import { ResultGrid, type CellPosition } from './ResultGrid';
import { formatCell, toTsv, visibleRowIndexes, type SortSpec } from './gridData';
import { downloadExport } from './download';
import { limitMessage, rowsReturned } from './limitMessage';
import { SaveDatasetButton } from './SaveDatasetButton';
import { CreateChartButton } from './CreateChartButton';


// Memoized: the grid re-renders when its query changes, not on every keystroke in the editor above.
export const ResultSet = memo(function ResultSet({ queryId, editorId, onRerun }: { queryId: string; editorId?: string; onRerun?: () => void }) {
  const snap = useSnapshot(sqlLab);
  const query = snap.queries[queryId] as Query | undefined;
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [sort, setSort] = useState<SortSpec | null>(null);
  const [selected, setSelected] = useState<CellPosition | null>(null);
  const [errorClosed, setErrorClosed] = useState(false);
  const results = query?.results;
  const rows = results?.data ?? [];
  const columns = results?.columns ?? [];
  const order = useMemo(() => visibleRowIndexes(rows, columns, deferredSearch, sort), [rows, columns, deferredSearch, sort]);
  // A finished query shown without its rows (reloaded page, history) fetches them by results key.
  const needsRows = query?.state === 'success' && !results && Boolean(query.resultsKey);
  useEffect(() => {
    if (needsRows) void fetchQueryResults(queryId);
  }, [needsRows, queryId]);

  if (!query) return <p className="south-empty">Run a query to see its results here.</p>;
  const copy = async (text: string) => {
    await copyText(text);
    addSuccessToast('Copied to clipboard!');
  };

  if (query.state === 'failed') {
    return (
      <div className="result-set">
        <QueryStatusBar query={query} offline={snap.offline} />
        {errorClosed ? (
          <p className="south-empty">The error was dismissed. Run the query again to retry.</p>
        ) : (
          <ErrorMessage
            message={query.errorMessage ?? 'Unknown error'}
            errors={query.errors}
            link={query.link}
            sql={query.sql}
            onCopy={copy}
            onClose={() => setErrorClosed(true)}
          />
        )}
      </div>
    );
  }
  if (isInProgress(query.state)) {
    return (
      <div className="result-set">
        <QueryStatusBar query={query} offline={snap.offline} onStop={() => void stopQuery(query.id)} />
        <p className="south-empty">{query.state === 'fetching' ? 'Fetching results…' : 'Running query…'}</p>
      </div>
    );
  }
  if (query.state === 'stopped') {
    return (
      <div className="result-set">
        <QueryStatusBar query={query} offline={snap.offline} />
        <p className="south-empty">Query was stopped.</p>
      </div>
    );
  }
  if (query.ctas && query.tempTable) {
    // As Superset: what was created, its name, and a shortcut to query it in a new tab.
    const kind = query.ctas_method === 'VIEW' ? 'View' : 'Table';
    const fullName = `${query.tempSchema ? `${query.tempSchema}.` : ''}${query.tempTable}`;
    return (
      <div className="result-set">
        <QueryStatusBar query={query} offline={snap.offline} />
        <div className="result-set__notice" role="status">
          <p>
            {kind} <code>{fullName}</code> was created.
          </p>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() =>
              addTab({
                name: query.tempTable!,
                dbId: query.dbId,
                catalog: query.catalog ?? null,
                schema: query.schema ?? null,
                sql: `SELECT * FROM ${fullName}`,
                autorun: true,
              })
            }
          >
            Query in a new tab
          </button>
        </div>
      </div>
    );
  }
  if (!results) {
    return (
      <div className="result-set">
        <QueryStatusBar query={query} offline={snap.offline} />
        <div className="south-empty">
          <p>The results of this query are no longer held in the browser.</p>
          {query.resultsKey ? (
            <button type="button" className="button button--secondary button--small" onClick={() => void fetchQueryResults(query.id)}>
              Fetch results
            </button>
          ) : (
            onRerun && (
              <button type="button" className="button button--secondary button--small" onClick={onRerun}>
                Rerun
              </button>
            )
          )}
        </div>
      </div>
    );
  }

  const selectedRow = selected ? rows[order[selected.row]] : null;
  const limited = limitMessage(query.rows ?? rows.length, query.limitingFactor, results.displayLimitReached, sqlLabConfig.maxRow);
  const copyWhat = (what: 'cell' | 'row') => {
    if (!selected || !selectedRow) return;
    if (what === 'cell') void copy(formatCell(selectedRow[columns[selected.col].column_name], columns[selected.col]));
    else void copy(toTsv(rows, columns, [order[selected.row]], false));
  };
  return (
    <div className="result-set">
      <div className="result-toolbar">
        <div className="result-toolbar__info">
          <QueryStatusBar query={query} offline={snap.offline} />
          <span className="result-toolbar__count" aria-live="polite">
            <strong>{rowsReturned(query.rows ?? rows.length)}</strong>
            {limited && <span className="result-toolbar__limit" title={limited}> {limited}</span>}
            {deferredSearch && ` · ${order.length.toLocaleString('en-US')} matching`}
          </span>
        </div>
        <div className="result-toolbar__actions">
        <input
          className="input input--small"
          type="search"
          placeholder="Filter results"
          aria-label="Filter results"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        {/* Always present (disabled without a selected cell): buttons appearing on the grid's first focus
            shifted the toolbar's wrap and moved the header under the pointer mid-click. */}
        <button type="button" className="button button--ghost button--small" disabled={!selected} onClick={() => copyWhat('cell')} title="Ctrl+C in the grid; double-click a cell also copies it">
          Copy cell
        </button>
        <button type="button" className="button button--ghost button--small" disabled={!selected} onClick={() => copyWhat('row')} title="Ctrl+Shift+C in the grid">
          Copy row
        </button>
        <button type="button" className="button button--ghost button--small" onClick={() => void copy(toTsv(rows, columns, order))}>
          Copy all
        </button>
        <button type="button" className="button button--secondary button--small" title="Every row of the result, from the server" onClick={() => void downloadExport(query.id, 'csv')}>
          Download CSV
        </button>
        <button type="button" className="button button--secondary button--small" title="Every row of the result, from the server" onClick={() => void downloadExport(query.id, 'xlsx')}>
          Download XLSX
        </button>
        {editorId && !query.isDataPreview && <SaveDatasetButton editorId={editorId} query={query} />}
        {!query.isDataPreview && <CreateChartButton query={query} />}
        </div>
      </div>
      {columns.length === 0 ? (
        <p className="south-empty">The query returned no data.</p>
      ) : (
        <ResultGrid
          rows={rows}
          columns={columns}
          order={order}
          sort={sort}
          onSort={setSort}
          selected={selected}
          onSelect={setSelected}
          onCopy={copyWhat}
          label={query.isDataPreview ? 'Data preview' : 'Query results'}
        />
      )}
    </div>
  );
});
