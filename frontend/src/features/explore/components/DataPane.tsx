// The data pane under the chart: Results and Samples tabs, each a searchable table with a copy button.
// A viz type showing more than one query (a mixed chart's A and B) has one tab per query, 'Results 1',
// 'Results 2', as Superset's data pane does.
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { getPlugin } from '../../../../../shared/viz/registry';
import { exploreStore } from '../state/exploreStore';
import { addDangerToast, addSuccessToast } from '../../toasts/toastStore';
import { fetchPaneData, type DataAnswer } from '../actions/chartQueries';
import { copyToClipboard } from '../actions/chartMeta';
import { ResultsTable } from '../../charts/render/ResultsTable';
import { searchRows, tabularText } from '../../charts/render/resultCells';

/** 'samples', or the index of the query whose results are shown. */
type Tab = 'samples' | number;

export function DataPane() {
  const vizType = useSnapshot(exploreStore).formData.viz_type;
  const queries = getPlugin(vizType)?.queryObjectCount ?? 1;
  const tabs: { tab: Tab; label: string }[] = [
    ...Array.from({ length: queries }, (_, i) => ({ tab: i as Tab, label: queries > 1 ? `Results ${i + 1}` : 'Results' })),
    { tab: 'samples', label: 'Samples' },
  ];
  const [tab, setTab] = useState<Tab | null>(null);
  const [answer, setAnswer] = useState<DataAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const open = async (next: Tab) => {
    setTab(next);
    setAnswer(null);
    setError(null);
    try {
      const answers = await fetchPaneData(next === 'samples' ? 'samples' : 'results');
      setAnswer(answers[next === 'samples' ? 0 : next] ?? { colnames: [], data: [] });
    } catch (e) {
      setError(e instanceof Error ? e.message : 'An error occurred');
    }
  };
  const label = tabs.find((t) => t.tab === tab)?.label ?? '';
  // Search and copy read the cells as the table shows them (dates as dates, not epoch ms).
  const rows = answer ? searchRows(answer.colnames, answer.data, search, answer.coltypes) : [];
  const copy = () =>
    copyToClipboard(tabularText(answer!.colnames, rows, answer!.coltypes)).then(
      () => addSuccessToast('Copied to clipboard!'),
      () => addDangerToast('Sorry, your browser does not support copying. Use Ctrl / Cmd + C!'),
    );
  return (
    <section className="explore__data" aria-label="Data pane">
      <div className="explore__data-head">
        <div role="tablist" aria-label="Data" className="explore__tabs">
          {tabs.map((t) => (
            <button key={t.label} type="button" role="tab" aria-selected={tab === t.tab} className={tab === t.tab ? 'is-active' : ''} onClick={() => void open(t.tab)}>
              {t.label}
            </button>
          ))}
        </div>
        {/* Outside the tablist, which may hold tabs only. */}
        {tab !== null && (
          <button type="button" className="button button--ghost button--small" aria-label="Close data pane" onClick={() => setTab(null)}>
            ×
          </button>
        )}
      </div>
      {tab !== null && (
        <div className="explore__data-body" role="tabpanel" aria-label={label}>
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
              <ResultsTable className="explore__data-table" colnames={answer.colnames} coltypes={answer.coltypes} rows={rows} label={`${label} table`} limit={500} />
            </>
          )}
        </div>
      )}
    </section>
  );
}
