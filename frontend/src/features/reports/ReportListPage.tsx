// /report/list/ and /alert/list/: the user's reports or alerts with their schedule, last state and
// last run, an active toggle per row, edit (the Alert/Report modal), the execution log and delete;
// "+ Report" / "+ Alert" open the modal empty (Superset's Alerts & Reports list, section 8 messages).
import { useCallback, useEffect, useState } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { api } from '../../api/client';
import type { ResponseOf } from '../../api/routeTypes';
import { EmptyState } from '../../app/EmptyState';
import { PageHeader } from '../../app/PageHeader';
import { addDangerToast, addSuccessToast } from '../toasts/toastStore';
import { AlertReportModal } from './components/AlertReportModal';
import { deleteReport } from './state/reportsStore';
import './reports.css';

interface ReportRow {
  id: number;
  name: string;
  type: string;
  active: boolean;
  crontab_humanized: string;
  timezone: string;
  last_state: string;
  last_eval_dttm: number | null;
}

type ListedReport = ResponseOf<'report.list'>['result'][number];
/** Column selection may leave fields out of a row: only rows with what the table shows are listed. */
const isReportRow = (r: ListedReport): r is ListedReport & ReportRow =>
  r.id !== undefined && r.name !== undefined && r.type !== undefined && r.active !== undefined && r.crontab_humanized !== undefined &&
  r.timezone !== undefined && r.last_state !== undefined && r.last_eval_dttm !== undefined;

const lastRun = (ms: number | null) => (ms === null ? 'Never' : new Date(ms).toLocaleString());

export default function ReportListPage() {
  const path = useRouterState({ select: (s) => s.location.pathname });
  const type = path.startsWith('/alert') ? 'Alert' : 'Report';
  const [rows, setRows] = useState<ReportRow[] | null>(null);
  const [error, setError] = useState(false);
  const [editing, setEditing] = useState<{ reportId: number | null } | null>(null);

  const load = useCallback(async () => {
    try {
      const answer = await api.call('report.list', { q: { filters: [{ col: 'type', opr: 'eq', value: type }], page_size: 100 } });
      setRows(answer.result.filter(isReportRow));
      setError(false);
    } catch {
      setError(true);
    }
  }, [type]);
  useEffect(() => void load(), [load]);

  const toggle = async (row: ReportRow) => {
    try {
      await api.call('report.update', { params: { pk: row.id }, body: { active: !row.active } });
      addSuccessToast('Report updated');
      void load();
    } catch {
      addDangerToast('We were unable to active or deactivate this report.');
    }
  };
  const remove = async (row: ReportRow) => {
    if (await deleteReport(row)) void load();
  };

  const title = type === 'Alert' ? 'Alerts' : 'Reports';
  return (
    <div className="page">
      <PageHeader
        title={title}
        subtitle={rows ? `${rows.length} ${rows.length === 1 ? type.toLowerCase() : title.toLowerCase()}` : undefined}
        actions={
          <button type="button" className="button button--primary" onClick={() => setEditing({ reportId: null })}>
            {`+ ${type}`}
          </button>
        }
      />
      {editing && <AlertReportModal type={type} reportId={editing.reportId} onClose={() => setEditing(null)} onSaved={() => void load()} />}
      {error && <p className="form__error" role="alert">{title} could not be loaded.</p>}
      {rows && rows.length === 0 ? (
        <EmptyState headingLevel={2} title={`No ${title.toLowerCase()} yet`} message={`Set up an email report from a chart or dashboard menu, or add one with "+ ${type}".`} />
      ) : (
        <div className="panel">
          <table className="simple-table" aria-label={title}>
            <thead>
              <tr>
                <th scope="col">Last run</th>
                <th scope="col">Name</th>
                <th scope="col">Schedule</th>
                <th scope="col">Last state</th>
                <th scope="col">Active</th>
                <th scope="col"><span className="visually-hidden">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {(rows ?? []).map((r) => (
                <tr key={r.id}>
                  <td>{lastRun(r.last_eval_dttm)}</td>
                  <td><strong>{r.name}</strong></td>
                  <td>{r.crontab_humanized} ({r.timezone})</td>
                  <td>{r.last_state}</td>
                  <td>
                    <input type="checkbox" role="switch" aria-label={`Active: ${r.name}`} checked={r.active} onChange={() => void toggle(r)} />
                  </td>
                  <td>
                    <div className="report-actions">
                      <button type="button" className="button button--ghost button--small" aria-label={`Edit ${r.name}`} onClick={() => setEditing({ reportId: r.id })}>Edit</button>
                      <a className="button button--ghost button--small" aria-label={`Execution log of ${r.name}`} href={`/${type.toLowerCase()}/${r.id}/log/`}>Execution log</a>
                      <button type="button" className="button button--ghost button--small" aria-label={`Delete ${r.name}`} onClick={() => void remove(r)}>Delete</button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
