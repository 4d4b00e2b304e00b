// The data pane under the chart: Results and Samples tabs, each a searchable table with a copy button.
import { useState } from 'react';
import { addDangerToast, addSuccessToast } from '../../toasts/toastStore';
import { fetchPaneData, type DataAnswer } from '../actions/chartQueries';
import { copyToClipboard } from '../actions/chartMeta';
import { ResultsTable } from '../../charts/render/ResultsTable';
import { searchRows, tabularText } from '../../charts/render/resultCells';

type Tab = 'results' | 'samples';

export function DataPane() {
  const [tab, setTab] = useState<Tab | null>(null);
  const [answer, setAnswer] = useState<DataAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const open = async (next: Tab) => {
    setTab(next);
    setAnswer(null);
    setError(null);
    try {
      setAnswer(await fetchPaneData(next));
    } catch (e) {
      setError(e instanceof Error ? e.message : 'An error occurred');
    }
  };
  // Search and copy read the cells as the table shows them (dates as dates, not epoch ms).
  const rows = answer ? searchRows(answer.colnames, answer.data, search, answer.coltypes) : [];
  const copy = () =>
    copyToClipboard(tabularText(answer!.colnames, rows, answer!.coltypes)).then(
      () => addSuccessToast('Copied to clipboard!'),
      () => addDangerToast('Sorry, your browser does not support copying. Use Ctrl / Cmd + C!'),
    );
  return (
    <section className="explore__data" aria-label="Data pane">
      <div role="tablist" aria-label="Data" className="explore__tabs">
        {(['results', 'samples'] as Tab[]).map((t) => (
          <button key={t} type="button" role="tab" aria-selected={tab === t} className={tab === t ? 'is-active' : ''} onClick={() => void open(t)}>
            {t === 'results' ? 'Results' : 'Samples'}
          </button>
        ))}
        {tab && (
          <button type="button" className="button button--ghost button--small" aria-label="Close data pane" onClick={() => setTab(null)}>
            ×
          </button>
        )}
      </div>
      {tab && (
        <div className="explore__data-body" role="tabpanel" aria-label={tab === 'results' ? 'Results' : 'Samples'}>
          {error && <p role="alert">{error}</p>}
          {!answer && !error && <p role="status">Loading…</p>}
          {answer && (
            <>
              <div className="explore__data-tools">
                <span>{`${rows.length} ${rows.length === 1 ? 'row' : 'rows'}`}</span>
                <input type="search" className="input input--small" aria-label="Search data" placeholder="Search" value={search} onChange={(e) => setSearch(e.target.value)} />
                <button type="button" className="button button--ghost button--small" onClick={() => void copy()}>
                  Copy
                </button>
              </div>
              <ResultsTable className="explore__data-table" colnames={answer.colnames} coltypes={answer.coltypes} rows={rows} label={`${tab} table`} limit={500} />
            </>
          )}
        </div>
      )}
    </section>
  );
}
