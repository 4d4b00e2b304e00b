// The chart menu of spec section 2 on every dashboard chart: force refresh, fullscreen, description,
// edit (explore) chart, view query, view as table (results), drill to detail, share (copy permalink,
// share by email), downloads (CSV, pivoted CSV for pivot tables, full CSV, Excel, full Excel, image).
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useSnapshot } from 'valtio';
import { DropdownMenu } from '../../../app/DropdownMenu';
import { Modal } from '../../../app/Modal';
import { api } from '../../../api/client';
import { addDangerToast, addSuccessToast } from '../../toasts/toastStore';
import { dashboardStore } from '../state/dashboardStore';
import { queryChart } from '../actions/chartActions';
import { downloadChartImage, exportChartData, exportPivotCsv } from './chartExports';
import { DrillDetailModal } from './DrillDetailModal';
import { ResultsTable } from '../../charts/render/ResultsTable';
import { getPlugin } from '../../../../../shared/viz/registry';
import { CrossFilterScopingModal } from './CrossFilterScopingModal';

type Dialog = 'query' | 'results' | 'drill' | 'crossFilterScoping' | null;

/** A dashboard permalink pointing at this chart (its layout component as the anchor), as Superset shares a chart. */
async function chartPermalink(componentId: string): Promise<string> {
  const info = dashboardStore.info!;
  const made = await api.call('dashboard.permalinkCreate', {
    params: { pk: String(info.id) },
    body: { activeTabs: [...dashboardStore.ui.activeTabs], dataMask: JSON.parse(JSON.stringify(dashboardStore.dataMask)), anchor: componentId, urlParams: [] },
  });
  return made.url;
}

async function copyLink(componentId: string) {
  try {
    await navigator.clipboard.writeText(await chartPermalink(componentId));
    addSuccessToast('Copied to clipboard!');
  } catch {
    addDangerToast('Sorry, your browser does not support copying. Use Ctrl / Cmd + C!');
  }
}

async function shareByEmail(componentId: string, name: string) {
  try {
    const url = await chartPermalink(componentId);
    window.location.href = `mailto:?Subject=${encodeURIComponent(`${name} `)}&Body=${encodeURIComponent(`Check out this chart: ${url}`)}`;
  } catch {
    addDangerToast('Sorry, something went wrong. Try again later.');
  }
}

export function ChartMenu({ chartId, componentId, name, onToggleDescription }: { chartId: number; componentId: string; name: string; onToggleDescription: () => void }) {
  const snap = useSnapshot(dashboardStore);
  const [dialog, setDialog] = useState<Dialog>(null);
  const entry = snap.chartEntries[chartId];
  const isPivot = snap.charts[chartId]?.vizType === 'pivot_table_v2';
  const rows = (entry?.queriesData?.[0]?.data ?? []) as Record<string, unknown>[];
  const columns = (entry?.queriesData?.[0]?.colnames ?? []) as string[];
  const coltypes = (entry?.queriesData?.[0]?.coltypes ?? undefined) as number[] | undefined;
  const run = (fn: () => Promise<unknown> | void, failure: string) =>
    Promise.resolve()
      .then(fn)
      .catch((e) => addDangerToast(`${failure}: ${e instanceof Error ? e.message : String(e)}`));
  const item = (label: string, action: () => void, close: () => void) => (
    <button type="button" role="menuitem" className="dropdown__item" onClick={() => { close(); action(); }}>
      {label}
    </button>
  );
  const group = (label: string) => <div className="dropdown__header" role="presentation">{label}</div>;
  const vizType = snap.charts[chartId]?.vizType;
  // Editors set which charts a chart's clicks filter, when the chart emits cross-filters and they are on.
  const canScope = Boolean(snap.info?.canEdit && snap.info.metadata.cross_filters_enabled !== false && vizType && getPlugin(vizType)?.crossFilter);
  return (
    <>
      <DropdownMenu label="⋯" ariaLabel={`More options for ${name}`} align="end">
        {(close) => (
          <>
            {item('Force refresh', () => void queryChart(chartId, true), close)}
            {item(snap.ui.fullSizeChartId === chartId ? 'Exit fullscreen' : 'Enter fullscreen', () => (dashboardStore.ui.fullSizeChartId = dashboardStore.ui.fullSizeChartId === chartId ? null : chartId), close)}
            {item('Toggle chart description', onToggleDescription, close)}
            <a role="menuitem" className="dropdown__item" href={`/explore/?slice_id=${chartId}&dashboard_page_id=${snap.info?.id ?? ''}`} onClick={close}>
              Edit chart
            </a>
            {item('View query', () => setDialog('query'), close)}
            {item('View as table', () => setDialog('results'), close)}
            {item('Drill to detail', () => setDialog('drill'), close)}
            {canScope && item('Cross-filter scoping', () => setDialog('crossFilterScoping'), close)}
            {group('Share')}
            {item('Copy permalink to clipboard', () => void copyLink(componentId), close)}
            {item('Share chart by email', () => void shareByEmail(componentId, name), close)}
            {group('Download')}
            {item('Export to .CSV', () => void run(() => exportChartData(chartId, 'csv', false), 'Export failed'), close)}
            {isPivot && item('Export to Pivoted .CSV', () => void run(() => exportPivotCsv(chartId), 'Export failed'), close)}
            {item('Export to full .CSV', () => void run(() => exportChartData(chartId, 'csv', true), 'Export failed'), close)}
            {item('Export to Excel', () => void run(() => exportChartData(chartId, 'xlsx', false), 'Export failed'), close)}
            {item('Export to full Excel', () => void run(() => exportChartData(chartId, 'xlsx', true), 'Export failed'), close)}
            {item('Download as image', () => void run(() => downloadChartImage(chartId), 'Download failed'), close)}
          </>
        )}
      </DropdownMenu>
      {dialog === 'query' && (
        <Modal title={`Query: ${name}`} onClose={() => setDialog(null)} wide>
          <pre className="dash-chart__sql" aria-label="Chart query">{entry?.query ?? 'The chart has not run a query yet.'}</pre>
        </Modal>
      )}
      {dialog === 'crossFilterScoping' && createPortal(<CrossFilterScopingModal chartId={chartId} name={name} onClose={() => setDialog(null)} />, document.body)}
      {dialog === 'results' && (
        <Modal title={`Results: ${name}`} onClose={() => setDialog(null)} wide>
          <div className="dash-chart__results">
            <ResultsTable colnames={columns} coltypes={coltypes} rows={rows} label={`Results of ${name}`} />
          </div>
        </Modal>
      )}
      {dialog === 'drill' && <DrillDetailModal chartId={chartId} name={name} onClose={() => setDialog(null)} />}
    </>
  );
}
