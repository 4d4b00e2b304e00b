// /report/list/ and /alert/list/: the user's reports or alerts with their schedule, last state and
// last run, an active toggle per row, edit (the Alert/Report modal), the execution log and delete (one or
// bulk, confirmed), on the shared ListView (name search, owner / created by / status / active filters,
// sort, paging); "+ Report" / "+ Alert" open the modal empty; Alerts / Reports links switch between the
// two lists (Superset's Alerts & Reports list, section 8 messages).
import { useCallback, useMemo, useState } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { api } from '../../api/client';
import type { ResponseOf } from '../../api/routeTypes';
import { PageHeader } from '../../app/PageHeader';
import { ListView } from '../../app/list/ListView';
import { toOptions } from '../../app/list/fetchList';
import type { ListArgs, ListColumn, ListFilter } from '../../app/list/types';
import { REPORT_STATES } from '../../../../shared/routes/reports';
import { addDangerToast, addSuccessToast } from '../toasts/toastStore';
import { ConfirmDelete } from '../../app/ConfirmDelete';
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

const userOptions = (column: 'owners' | 'created_by') => async () =>
  toOptions(await api.call('report.related', { params: { column }, q: { page: 0, page_size: 1000 } }));

/** Superset's Alerts & Reports list filters: owner, created by, last state, active, name search. */
const REPORT_FILTERS: ListFilter[] = [
  { kind: 'search', id: 'search', label: 'Search', placeholder: 'Name', col: 'name', opr: 'ct' },
  { kind: 'select', id: 'owner', label: 'Owner', col: 'owners', opr: 'rel_m_m', options: userOptions('owners') },
  { kind: 'select', id: 'created_by', label: 'Created by', col: 'created_by', opr: 'rel_o_m', options: userOptions('created_by') },
  { kind: 'select', id: 'status', label: 'Status', col: 'last_state', opr: 'eq', options: REPORT_STATES.map((s) => ({ value: s, label: s })) },
  { kind: 'select', id: 'active', label: 'Active', col: 'active', opr: 'eq', options: [{ value: 'true', label: 'Yes' }, { value: 'false', label: 'No' }] },
];

const fetchReports = (type: string) => async (q: ListArgs) => {
  const answer = await api.call('report.list', { q: { ...q, filters: [...q.filters, { col: 'type', opr: 'eq', value: type }] } });
  return { count: answer.count, result: answer.result.filter(isReportRow) };
};

export default function ReportListPage() {
  const path = useRouterState({ select: (s) => s.location.pathname });
  const type = path.startsWith('/alert') ? 'Alert' : 'Report';
  const title = type === 'Alert' ? 'Alerts' : 'Reports';
  const [reload, setReload] = useState(0);
  const [count, setCount] = useState<number | null>(null);
  const [editing, setEditing] = useState<{ reportId: number | null } | null>(null);
  const [deleting, setDeleting] = useState<ReportRow[] | null>(null);
  const refresh = useCallback(() => setReload((n) => n + 1), []);
  const fetchPage = useMemo(() => fetchReports(type), [type]);

  const toggle = async (row: ReportRow) => {
    try {
      await api.call('report.update', { params: { pk: row.id }, body: { active: !row.active } });
      addSuccessToast('Report updated');
      refresh();
    } catch {
      addDangerToast('We were unable to active or deactivate this report.');
    }
  };
  const remove = async (rows: ReportRow[]) => {
    setDeleting(null);
    if (rows.length === 1) {
      if (await deleteReport(rows[0])) refresh();
      return;
    }
    try {
      await api.call('report.bulkDelete', { q: rows.map((r) => r.id) });
      addSuccessToast(`Deleted ${rows.length} ${title.toLowerCase()}`);
    } catch {
      addDangerToast('Your report could not be deleted');
    }
    refresh();
  };

  const columns: ListColumn<ReportRow>[] = [
    { id: 'last_run', header: 'Last run', sortColumn: 'last_eval_dttm', render: (r) => lastRun(r.last_eval_dttm) },
    { id: 'name', header: 'Name', sortColumn: 'name', render: (r) => <strong>{r.name}</strong> },
    { id: 'schedule', header: 'Schedule', sortColumn: 'crontab_humanized', render: (r) => `${r.crontab_humanized} (${r.timezone})` },
    { id: 'last_state', header: 'Last state', sortColumn: 'last_state', render: (r) => r.last_state },
    {
      id: 'active',
      header: 'Active',
      sortColumn: 'active',
      render: (r) => <input type="checkbox" role="switch" aria-label={`Active: ${r.name}`} checked={r.active} onChange={() => void toggle(r)} />,
    },
    {
      id: 'actions',
      header: 'Actions',
      hiddenHeader: true,
      render: (r) => (
        <div className="report-actions">
          <button type="button" className="button button--ghost button--small" aria-label={`Edit ${r.name}`} onClick={() => setEditing({ reportId: r.id })}>Edit</button>
          <a className="button button--ghost button--small" aria-label={`Execution log of ${r.name}`} href={`/${type.toLowerCase()}/${r.id}/log/`}>Execution log</a>
          <button type="button" className="button button--ghost button--small" aria-label={`Delete ${r.name}`} onClick={() => setDeleting([r])}>Delete</button>
        </div>
      ),
    },
  ];

  return (
    <div className="page">
      <PageHeader
        title={title}
        subtitle={count !== null ? `${count} ${count === 1 ? type.toLowerCase() : title.toLowerCase()}` : undefined}
        actions={
          <button type="button" className="button button--primary" onClick={() => setEditing({ reportId: null })}>
            {`+ ${type}`}
          </button>
        }
      />
      <nav className="report-list__switch" aria-label="Alerts and reports">
        <Link to="/alert/list/" className="nav__item" activeProps={{ className: 'is-active', 'aria-current': 'page' }}>
          Alerts
        </Link>
        <Link to="/report/list/" className="nav__item" activeProps={{ className: 'is-active', 'aria-current': 'page' }}>
          Reports
        </Link>
      </nav>
      {editing && <AlertReportModal type={type} reportId={editing.reportId} onClose={() => setEditing(null)} onSaved={refresh} />}
      <ListView
        key={type}
        label={title}
        columns={columns}
        filters={REPORT_FILTERS}
        fetchPage={fetchPage}
        rowKey={(r) => r.id}
        rowLabel={(r) => r.name}
        initialSort={{ column: 'name', order: 'asc' }}
        bulkActions={[{ key: 'delete', label: 'Delete selected', danger: true, run: (rows) => setDeleting(rows) }]}
        empty={{
          title: `No ${title.toLowerCase()} yet`,
          message: `Set up an email report from a chart or dashboard menu, or add one with "+ ${type}".`,
          filteredMessage: `No ${title.toLowerCase()} match these filters.`,
        }}
        loadError={`${title} could not be loaded.`}
        reloadToken={reload}
        onLoaded={(page) => setCount(page.count)}
      />
      {deleting && (
        <ConfirmDelete
          title={deleting.length === 1 ? `Delete ${type.toLowerCase()}?` : `Delete ${deleting.length} ${title.toLowerCase()}?`}
          names={deleting.map((r) => r.name)}
          onCancel={() => setDeleting(null)}
          onConfirm={() => void remove(deleting)}
        />
      )}
    </div>
  );
}
