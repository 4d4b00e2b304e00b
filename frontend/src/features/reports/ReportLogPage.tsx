// /report/{pk}/log/ and /alert/{pk}/log/ (Superset's ExecutionLog): one report's runs from
// GET /api/v1/report/{pk}/log/ on the shared ListView: state, scheduled, start and end times (UTC),
// duration, the alert's value and the error message; sortable, filtered by state, paged.
import { useCallback, useEffect, useState } from 'react';
import { useParams, useRouterState } from '@tanstack/react-router';
import { api } from '../../api/client';
import type { ResponseOf } from '../../api/routeTypes';
import { PageHeader } from '../../app/PageHeader';
import { ListView } from '../../app/list/ListView';
import type { ListArgs, ListColumn, ListFilter } from '../../app/list/types';
import { REPORT_STATES } from '../../../../shared/routes/reports';
import './reports.css';

type LogRow = ResponseOf<'report.logs'>['result'][number];

/** Naive UTC ISO text as "2026-03-30 09:00:01". */
const when = (iso: string | null) => (iso ? iso.replace('T', ' ').slice(0, 19) : '');

export function duration(start: string | null, end: string | null): string {
  if (!start || !end) return '';
  const ms = Date.parse(`${end}Z`) - Date.parse(`${start}Z`);
  if (!Number.isFinite(ms) || ms < 0) return '';
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(2)} s`;
  const m = Math.floor(s / 60);
  return `${m}:${String(Math.round(s - m * 60)).padStart(2, '0')} min`;
}

const STATE_FILTER: ListFilter[] = [{ kind: 'select', id: 'state', label: 'State', col: 'state', opr: 'eq', options: REPORT_STATES.map((s) => ({ value: s, label: s })) }];

const columns: ListColumn<LogRow>[] = [
  { id: 'state', header: 'State', sortColumn: 'state', render: (l) => <span className={`report-state--${l.state === 'Error' ? 'error' : l.state === 'Success' ? 'success' : 'other'}`}>{l.state}</span> },
  { id: 'scheduled', header: 'Scheduled at (UTC)', sortColumn: 'scheduled_dttm', render: (l) => when(l.scheduled_dttm) },
  { id: 'start', header: 'Start at (UTC)', sortColumn: 'start_dttm', render: (l) => when(l.start_dttm) },
  { id: 'end', header: 'End at (UTC)', sortColumn: 'end_dttm', render: (l) => when(l.end_dttm) },
  { id: 'duration', header: 'Duration', render: (l) => duration(l.start_dttm, l.end_dttm) },
  { id: 'value', header: 'Value', render: (l) => (l.value === null ? '' : String(l.value)) },
  { id: 'error', header: 'Error message', render: (l) => l.error_message ?? '' },
];

export default function ReportLogPage() {
  const { pk } = useParams({ strict: false }) as { pk: string };
  const path = useRouterState({ select: (s) => s.location.pathname });
  const type = path.startsWith('/alert') ? 'Alert' : 'Report';
  const [name, setName] = useState<string | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  useEffect(() => {
    api.call('report.get', { params: { pk } }).then(
      ({ result }) => setName(result.name ?? `${type} ${pk}`),
      (e: { status?: number; message?: string }) => setMissing(e.status === 404 ? `This ${type.toLowerCase()} does not exist or you cannot see it.` : (e.message ?? 'An error occurred')),
    );
  }, [pk, type]);
  const fetchPage = useCallback((q: ListArgs) => api.call('report.logs', { params: { pk }, q: { ...q } }), [pk]);
  const listPath = `/${type.toLowerCase()}/list/`;
  return (
    <div className="page">
      <PageHeader
        title={name ?? 'Execution log'}
        subtitle={name ? `${type} execution log` : undefined}
        actions={<a className="button button--ghost" href={listPath}>Back to all</a>}
      />
      {missing ? (
        <p className="form__error" role="alert">{missing}</p>
      ) : (
        <ListView
          label="Execution log"
          columns={columns}
          filters={STATE_FILTER}
          fetchPage={fetchPage}
          rowKey={(l) => l.id}
          rowLabel={(l) => `${l.state} ${when(l.scheduled_dttm)}`}
          initialSort={{ column: 'start_dttm', order: 'desc' }}
          empty={{ title: 'No runs yet', message: `This ${type.toLowerCase()} has not run yet.` }}
          loadError="The execution log could not be loaded."
        />
      )}
    </div>
  );
}
