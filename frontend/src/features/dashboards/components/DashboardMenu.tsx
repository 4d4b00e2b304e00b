// The dashboard menu of spec section 2: refresh, auto-refresh, properties, CSS, fullscreen, download,
// download as image or PDF, share, save as, and the email report entries (set up, or manage: active, edit, delete).
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { DropdownMenu } from '../../../app/DropdownMenu';
import { api } from '../../../api/client';
import { addDangerToast, addInfoToast, addSuccessToast } from '../../toasts/toastStore';
import { downloadDashboard } from '../actions/downloadDashboard';
import { dashboardStore } from '../state/dashboardStore';
import { REFRESH_INTERVALS, setRefreshFrequency } from '../state/dashboardState';
import { refreshDashboard } from '../actions/chartActions';
import { useReportMenu } from '../../reports/components/useReportMenu';
import { CssEditorModal } from './CssEditorModal';
import { SaveAsModal } from './SaveAsModal';

async function copyPermalink() {
  const info = dashboardStore.info!;
  try {
    const made = await api.call('dashboard.permalinkCreate', { params: { pk: String(info.id) }, body: { activeTabs: [...dashboardStore.ui.activeTabs], dataMask: JSON.parse(JSON.stringify(dashboardStore.dataMask)), urlParams: [] } });
    await navigator.clipboard.writeText(made.url);
    addSuccessToast('Copied to clipboard!');
  } catch {
    addDangerToast('Sorry, your browser does not support copying. Use Ctrl / Cmd + C!');
  }
}

async function download(format: 'png' | 'pdf') {
  addInfoToast(format === 'pdf' ? 'Downloading PDF' : 'Downloading image');
  try {
    await downloadDashboard(format);
  } catch (e) {
    addDangerToast(`Sorry, something went wrong. Try again later. ${e instanceof Error ? e.message : ''}`.trim());
  }
}

export function DashboardMenu({ onEditProperties }: { onEditProperties: () => void }) {
  const snap = useSnapshot(dashboardStore);
  const [editingCss, setEditingCss] = useState(false);
  const [savingAs, setSavingAs] = useState(false);
  const reports = useReportMenu('dashboards', snap.info?.id ?? null, snap.info?.title ?? '');
  const item = (label: string, action: () => void, close: () => void) => (
    <button type="button" role="menuitem" className="dropdown__item" onClick={() => { close(); action(); }}>
      {label}
    </button>
  );
  return (
    <>
      <DropdownMenu label="⋯" ariaLabel="Dashboard menu" align="end">
        {(close) => (
          <>
            {item('Refresh dashboard', () => void refreshDashboard(true), close)}
            <div className="dropdown__header" role="presentation">Set auto-refresh interval</div>
            {REFRESH_INTERVALS.map(([seconds, label]) =>
              item(`${seconds === snap.ui.refreshFrequency ? '✓ ' : ''}${label}`, () => (dashboardStore.ui = setRefreshFrequency(dashboardStore.ui, seconds, false)), close),
            )}
            {snap.info?.canEdit && item('Edit properties', onEditProperties, close)}
            {snap.info?.canEdit && item('Edit CSS', () => setEditingCss(true), close)}
            {item('Enter fullscreen', () => void document.documentElement.requestFullscreen?.().catch(() => undefined), close)}
            {item('Download as image', () => void download('png'), close)}
            {item('Download as PDF', () => void download('pdf'), close)}
            {item('Share permalink', () => void copyPermalink(), close)}
            {snap.info?.canEdit &&
              item('Save as', () => setSavingAs(true), close)}
            {reports.items(close)}
          </>
        )}
      </DropdownMenu>
      {reports.dialogs}
      {editingCss && <CssEditorModal onClose={() => setEditingCss(false)} />}
      {savingAs && snap.info && <SaveAsModal title={snap.info.title} onClose={() => setSavingAs(false)} />}
    </>
  );
}
