// Chart data: POST /api/v1/chart/data, cached async results, a saved chart's data, the legacy
// explore_json and datasource samples (one Lambda).
import { badRequest } from '../../shared/errors';
import { engineFor } from '../databases/engines';
import { httpModule } from '../http/httpModule';
import { getPorts } from '../ports/index';
import { queryCompiler } from '../charts/data/compiler';
import { exploreJson } from '../charts/data/exploreJson';
import { enqueueChartData } from '../charts/data/jobs';
import { chartDataByKey } from '../charts/data/byKey';
import { datasourceSamples, savedChartData } from '../charts/data/savedChart';
import { chartData, type ChartDataDeps } from '../charts/data/service';
import { dashboardIdOf } from '../charts/data/access';

const deps: ChartDataDeps = { compiler: queryCompiler, engineFor, enqueue: enqueueChartData };

/** slice_id and dashboard_id of the query string's form_data ({"slice_id": 1, "dashboard_id": 2}). */
function originOf(formData: string | undefined): { sliceId: number | null; dashboardId: number | null } {
  if (!formData) return { sliceId: null, dashboardId: null };
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(formData) ?? {};
  } catch {
    throw badRequest('Request is not JSON', { messages: { form_data: ['Not valid JSON'] } });
  }
  const id = Number(parsed.slice_id);
  return { sliceId: Number.isSafeInteger(id) && id > 0 ? id : null, dashboardId: dashboardIdOf(parsed) };
}

export const handler = httpModule({
  'chartData.run': (req) => chartData(getPorts(), req.user, req.body, { force: req.query.force, ...originOf(req.query.form_data) }, deps),
  'chartData.byKey': (req) => chartDataByKey(getPorts(), req.user, req.params.cache_key),
  'chartData.ofChart': (req) => savedChartData(getPorts(), req.user, req.params.pk, req.query, deps),
  'chartData.exploreJson': (req) => exploreJson(getPorts(), req.user, req.body, req.query, deps),
  'chartData.samples': (req) => datasourceSamples(getPorts(), req.user, req.query, req.body, deps),
});
