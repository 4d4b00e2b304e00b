// The chart menu of spec section 2 on every dashboard chart.
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { DropdownMenu } from '../../../app/DropdownMenu';
import { Modal } from '../../../app/Modal';
import { addDangerToast, addSuccessToast } from '../../toasts/toastStore';
import { dashboardStore } from '../state/dashboardStore';
import { queryChart } from '../actions/chartActions';
import { downloadChartImage, exportChartData } from './chartExports';
import { ResultsTable } from '../../charts/render/ResultsTable';

type Dialog = 'query' | 'results' | null;

export function ChartMenu({ chartId, name, onToggleDescription }: { chartId: number; name: string; onToggleDescription: () => void }) {
  const snap = useSnapshot(dashboardStore);
  const [dialog, setDialog] = useState<Dialog>(null);
  const entry = snap.chartEntries[chartId];
  const rows = (entry?.queriesData?.[0]?.data ?? []) as Record<string, unknown>[];
  const columns = (entry?.queriesData?.[0]?.colnames ?? []) as string[];
  const run = (fn: () => Promise<unknown>, failure: string) => fn().catch((e) => addDangerToast(`${failure}: ${e instanceof Error ? e.message : String(e)}`));
  const item = (label: string, action: () => void, close: () => void) => (
    <button type="button" role="menuitem" className="dropdown__item" onClick={() => { close(); action(); }}>
      {label}
    </button>
  );
  const link = `${window.location.origin}/explore/?slice_id=${chartId}`;
  return (
    <>
      <DropdownMenu label="⋯" ariaLabel={`More options for ${name}`} align="end">
        {(close) => (
          <>
            {item('Force refresh', () => void queryChart(chartId, true), close)}
            {item('Toggle fullscreen', () => (dashboardStore.ui.fullSizeChartId = dashboardStore.ui.fullSizeChartId === chartId ? null : chartId), close)}
            {item('Toggle chart description', onToggleDescription, close)}
            <a role="menuitem" className="dropdown__item" href={`/explore/?slice_id=${chartId}&dashboard_page_id=${snap.info?.id ?? ''}`} onClick={close}>
              Edit chart
            </a>
            {item('View query', () => setDialog('query'), close)}
            {item('View as table', () => setDialog('results'), close)}
            {item('Export to .CSV', () => void run(() => exportChartData(chartId, 'csv', false), 'Export failed'), close)}
            {item('Export to full .CSV', () => void run(() => exportChartData(chartId, 'csv', true), 'Export failed'), close)}
            {item('Export to Excel', () => void run(() => exportChartData(chartId, 'xlsx', false), 'Export failed'), close)}
            {item('Export to full Excel', () => void run(() => exportChartData(chartId, 'xlsx', true), 'Export failed'), close)}
            {item('Download as image', () => void run(() => downloadChartImage(chartId), 'Download failed'), close)}
            {item('Copy permalink to clipboard', () => void navigator.clipboard.writeText(link).then(() => addSuccessToast('Copied to clipboard!'), () => addDangerToast('Sorry, your browser does not support copying. Use Ctrl / Cmd + C!')), close)}
          </>
        )}
      </DropdownMenu>
      {dialog === 'query' && (
        <Modal title={`Query: ${name}`} onClose={() => setDialog(null)} wide>
          <pre className="dash-chart__sql" aria-label="Chart query">{entry?.query ?? 'The chart has not run a query yet.'}</pre>
        </Modal>
      )}
      {dialog === 'results' && (
        <Modal title={`Results: ${name}`} onClose={() => setDialog(null)} wide>
          <div className="dash-chart__results">
            <ResultsTable colnames={columns} rows={rows} label={`Results of ${name}`} />
          </div>
        </Modal>
      )}
    </>
  );
}
