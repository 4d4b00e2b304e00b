// The pane under the editor: Results (the tab's latest query), Query history, and one tab per data
// preview of the tab's tables. Results is the default.
import { useSnapshot } from 'valtio';
import { apply, sqlLab } from '../state/store';
import { clearTablePreview } from '../state/tableTransitions';
import { ResultSet } from '../results/ResultSet';
import { QueryHistory } from './QueryHistory';
import type { QueryEditor } from '../state/types';

export function SouthPane({ editor, onRerun }: { editor: QueryEditor; onRerun: () => void }) {
  const snap = useSnapshot(sqlLab);
  const previews = snap.tables.filter((t) => t.queryEditorId === editor.id && t.dataPreviewQueryId && snap.queries[t.dataPreviewQueryId]);
  const ids = ['Results', 'History', ...previews.map((t) => t.dataPreviewQueryId!)];
  const active = ids.includes(snap.activeSouthPaneTab) ? snap.activeSouthPaneTab : 'Results';
  const select = (id: string) => {
    sqlLab.activeSouthPaneTab = id;
  };
  const tabLabel = (id: string) => {
    if (id === 'Results') return 'Results';
    if (id === 'History') return 'Query history';
    const t = previews.find((p) => p.dataPreviewQueryId === id);
    return `Preview: ${t?.name ?? ''}`;
  };
  return (
    <section className="south-pane" aria-label="Results and history">
      <div className="south-pane__tabs" role="tablist" aria-label="Result panes">
        {ids.map((id) => (
          <div key={id} className={`south-tab${active === id ? ' is-active' : ''}`}>
            <button
              type="button"
              role="tab"
              id={`south-tab-${id}`}
              aria-selected={active === id}
              aria-controls="south-panel"
              className="south-tab__button"
              onClick={() => select(id)}
            >
              {tabLabel(id)}
            </button>
            {id !== 'Results' && id !== 'History' && (
              <button
                type="button"
                className="icon-button south-tab__close"
                aria-label={`Close ${tabLabel(id)}`}
                onClick={() => {
                  const t = previews.find((p) => p.dataPreviewQueryId === id);
                  if (t) apply((s) => clearTablePreview(s, t.id));
                }}
              >
                ×
              </button>
            )}
          </div>
        ))}
      </div>
      <div className="south-pane__body" role="tabpanel" id="south-panel" aria-labelledby={`south-tab-${active}`}>
        {active === 'Results' ? (
          editor.latestQueryId ? (
            <ResultSet key={editor.latestQueryId} queryId={editor.latestQueryId} editorId={editor.id} onRerun={onRerun} />
          ) : (
            <p className="south-empty">Run a query (Ctrl+Enter) to see its results here.</p>
          )
        ) : active === 'History' ? (
          <QueryHistory editorId={editor.id} />
        ) : (
          <ResultSet key={active} queryId={active} />
        )}
      </div>
    </section>
  );
}
