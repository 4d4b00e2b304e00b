// Explore's header: the chart name, favorite star, permalink copy, View query, downloads, the "..." menu
// of a saved chart (email reports) and Save.
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { getPlugin } from '../../../../../shared/viz/registry';
import { DropdownMenu } from '../../../app/DropdownMenu';
import { Modal } from '../../../app/Modal';
import { addDangerToast } from '../../toasts/toastStore';
import { exploreStore } from '../state/exploreStore';
import { copyPermalink, toggleFavorite } from '../actions/chartMeta';
import { downloadData, downloadPng, fetchQueryText } from '../actions/chartQueries';
import { SaveModal } from './SaveModal';
import { EditableTitle } from './EditableTitle';
import { ChartPropertiesModal } from './ChartPropertiesModal';
import { ResultsTable } from '../../charts/render/ResultsTable';
import { useReportMenu } from '../../reports/components/useReportMenu';
import { useCan, useIsAdmin } from '../../../auth/permissions';
import { session } from '../../../auth/session';

export function ExploreHeader({ title }: { title: string }) {
  const snap = useSnapshot(exploreStore);
  const [saving, setSaving] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'properties' | 'table' | null>(null);
  const result = snap.queriesData?.[0];
  // A mixed chart's query B is part of its results too (Superset's queryObjectCount).
  const shownResults = (snap.queriesData ?? []).slice(0, getPlugin(snap.formData.viz_type)?.queryObjectCount ?? 1);
  const reports = useReportMenu('charts', snap.slice?.slice_id ?? null, snap.slice?.slice_name ?? '');
  const fail = (e: unknown) => addDangerToast(e instanceof Error ? e.message : 'An error occurred');
  const viewQuery = () => fetchQueryText().then(setQuery, fail);
  // Superset's Explore flags: can_add (can_write Chart), can_download (can_csv Superset),
  // can_overwrite (one of the chart's owners; admins too, as the server lets them).
  const canAdd = useCan('can_write', 'Chart');
  const canDownload = useCan('can_csv', 'Superset');
  const admin = useIsAdmin();
  const canOverwrite = Boolean(snap.slice) && (admin || (snap.slice?.owners ?? []).includes(session.userId ?? -1));
  return (
    <header className="explore__header">
      <EditableTitle title={title} />
      {snap.slice && (
        <button type="button" className="button button--ghost" aria-pressed={snap.isFavorite} aria-label={snap.isFavorite ? 'Unmark as favorite' : 'Mark as favorite'} onClick={() => void toggleFavorite()}>
          {snap.isFavorite ? '★' : '☆'}
        </button>
      )}
      <span className="explore__spacer" />
      <button type="button" className="button button--ghost" onClick={() => void copyPermalink()}>
        Copy permalink
      </button>
      {snap.permalink && <input className="input input--small" readOnly aria-label="Permalink" value={snap.permalink} />}
      <button type="button" className="button button--ghost" onClick={() => void viewQuery()}>
        View query
      </button>
      <button type="button" className="button button--ghost" disabled={!result} onClick={() => setDialog('table')}>
        View as table
      </button>
      {snap.slice && canOverwrite && canAdd && (
        <button type="button" className="button button--ghost" onClick={() => setDialog('properties')}>
          Edit chart properties
        </button>
      )}
      {canDownload && (
      <DropdownMenu label="Download">
        {(close) => (
          <>
            {(['csv', 'xlsx', 'json'] as const).map((f) => (
              <button key={f} type="button" role="menuitem" className="dropdown__item" onClick={() => (close(), void downloadData(f).catch(fail))}>
                {`Export to .${f.toUpperCase()}`}
              </button>
            ))}
            <button type="button" role="menuitem" className="dropdown__item" onClick={() => (close(), void downloadPng(document.querySelector('.explore__chart')).catch(fail))}>
              Download as image
            </button>
          </>
        )}
      </DropdownMenu>
      )}
      {snap.slice && <DropdownMenu label="⋯" ariaLabel="More chart actions" align="end">{(close) => reports.items(close)}</DropdownMenu>}
      {reports.dialogs}
      {canAdd && (
        <button type="button" className="button button--primary" disabled={!snap.datasource} onClick={() => setSaving(true)}>
          Save
        </button>
      )}
      {saving && <SaveModal onClose={() => setSaving(false)} />}
      {dialog === 'properties' && snap.slice && <ChartPropertiesModal sliceId={snap.slice.slice_id} onClose={() => setDialog(null)} />}
      {dialog === 'table' && result && (
        <Modal title={`Results: ${title}`} onClose={() => setDialog(null)} wide>
          {shownResults.map((r, i) => {
            const label = shownResults.length > 1 ? `Results ${i + 1} of ${title}` : `Results of ${title}`;
            // A scrolling region is focusable so the keyboard can scroll it (axe scrollable-region-focusable).
            return (
              <div key={i} className="dash-chart__results" role="region" aria-label={label} tabIndex={0}>
                {shownResults.length > 1 && <h3>{`Results ${i + 1}`}</h3>}
                <ResultsTable colnames={r.colnames ?? []} coltypes={r.coltypes} rows={(r.data ?? []) as Record<string, unknown>[]} label={label} />
              </div>
            );
          })}
          <div className="modal__actions">
            <button type="button" className="button button--primary" onClick={() => setDialog(null)}>
              Close
            </button>
          </div>
        </Modal>
      )}
      {query !== null && (
        <Modal title="View query" onClose={() => setQuery(null)}>
          <pre className="explore__query">{query}</pre>
          <div className="modal__actions">
            <button type="button" className="button button--primary" onClick={() => setQuery(null)}>
              Close
            </button>
          </div>
        </Modal>
      )}
    </header>
  );
}
