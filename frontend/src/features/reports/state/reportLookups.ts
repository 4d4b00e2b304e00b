// The choices the Alert/Report modal offers, from the list routes: dashboards, charts, databases
// (alerts) and owners (report related/owners). Each answers {value, label} options; rows without the
// fields shown are left out.
import { api } from '../../../api/client';

export interface Option {
  value: number;
  label: string;
}

const byLabel = (a: Option, b: Option) => a.label.localeCompare(b.label);

export async function dashboardOptions(search: string): Promise<Option[]> {
  const filters = search ? [{ col: 'dashboard_title', opr: 'ct', value: search }] : [];
  const answer = await api.call('dashboard.list', { q: { filters, order_column: 'dashboard_title', order_direction: 'asc', page: 0, page_size: 100 } });
  return answer.result.flatMap((d) => (typeof d.id === 'number' ? [{ value: d.id, label: d.dashboard_title || `Dashboard ${d.id}` }] : [])).sort(byLabel);
}

export async function chartOptions(search: string): Promise<Option[]> {
  const filters = search ? [{ col: 'slice_name', opr: 'ct', value: search }] : [];
  const answer = await api.call('chart.list', { q: { filters, order_column: 'slice_name', order_direction: 'asc', page: 0, page_size: 100 } });
  return answer.result.flatMap((c) => (typeof c.id === 'number' ? [{ value: c.id, label: c.slice_name || `Chart ${c.id}` }] : [])).sort(byLabel);
}

export async function databaseOptions(): Promise<Option[]> {
  const answer = await api.call('database.list', { q: { filters: [], page: 0, page_size: 100 } });
  return answer.result.flatMap((d) => (typeof d.id === 'number' ? [{ value: d.id, label: d.database_name ?? `Database ${d.id}` }] : [])).sort(byLabel);
}

export async function ownerOptions(): Promise<Option[]> {
  const answer = await api.call('report.related', { params: { column: 'owners' }, q: { page: 0, page_size: 1000 } });
  return answer.result.flatMap((o) => (typeof o.value === 'number' ? [{ value: o.value, label: o.text }] : []));
}

/** The signed-in user's email address, to prefill a new report's recipients as Superset does. */
export async function myEmail(): Promise<string> {
  try {
    return (await api.call('me.get')).result.email ?? '';
  } catch {
    return '';
  }
}
