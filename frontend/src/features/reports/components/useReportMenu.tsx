// The email report entries of a chart's or dashboard's menu, as Superset shows them: "Set up an email
// report" when the user has none on it; otherwise "Manage email report" with "Email reports active",
// "Edit email report" and "Delete email report". Returns the menu items and the dialogs they open.
import { useEffect, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { ConfirmDelete } from '../../../app/ConfirmDelete';
import { deleteReport, fetchAttachedReport, reportsStore, toggleReportActive } from '../state/reportsStore';
import { attachedReport, type AttachedReport, type CreationMethod } from '../state/reportsState';
import { ReportModal } from './ReportModal';

export interface ReportMenu {
  items: (close: () => void) => ReactNode;
  dialogs: ReactNode;
}

export function useReportMenu(method: CreationMethod, resourceId: number | null, resourceName: string): ReportMenu {
  const snap = useSnapshot(reportsStore);
  const [editing, setEditing] = useState<{ reportId: number | null } | null>(null);
  const [deleting, setDeleting] = useState<AttachedReport | null>(null);
  useEffect(() => {
    if (resourceId !== null) void fetchAttachedReport(method, resourceId);
  }, [method, resourceId]);
  const report = resourceId === null ? undefined : attachedReport(snap.state, method, resourceId);

  const item = (label: string, act: () => void, close: () => void) => (
    <button type="button" role="menuitem" className="dropdown__item" onClick={() => (close(), act())}>
      {label}
    </button>
  );
  const items = (close: () => void) => {
    if (resourceId === null || report === undefined) return null;
    if (report === null) return item('Set up an email report', () => setEditing({ reportId: null }), close);
    return (
      <>
        <div className="dropdown__header" role="presentation">Manage email report</div>
        <button type="button" role="menuitemcheckbox" aria-checked={report.active} className="dropdown__item" onClick={() => void toggleReportActive({ ...report })}>
          {`${report.active ? '☑' : '☐'} Email reports active`}
        </button>
        {item('Edit email report', () => setEditing({ reportId: report.id }), close)}
        {item('Delete email report', () => setDeleting({ ...report }), close)}
      </>
    );
  };
  const dialogs = (
    <>
      {editing && resourceId !== null && (
        <ReportModal method={method} resourceId={resourceId} resourceName={resourceName} reportId={editing.reportId} onClose={() => setEditing(null)} />
      )}
      {deleting && resourceId !== null && (
        <ConfirmDelete
          title="Delete Report?"
          names={[deleting.name]}
          onCancel={() => setDeleting(null)}
          onConfirm={() => void deleteReport(deleting, { method, resourceId }).then(() => setDeleting(null))}
        />
      )}
    </>
  );
  return { items, dialogs };
}
