// GET /api/v1/explore/ (Superset's GetExploreCommand): the state the Explore page loads, from a
// permalink, a form data key, a saved chart or a dataset. Saved chart form data sits under what the
// key or permalink holds; a key that expired falls back to the chart's or dataset's own metadata with
// Superset's message.
import { SupersetError } from '../../shared/errors';
import type { ExploreQuery } from '../../shared/routes/explore';
import { datasourceForData } from '../charts/datasource';
import { chartFormData, sliceUrl } from '../charts/present';
import { readableChart } from '../charts/service';
import type { ChartRecord } from '../charts/repository';
import { datasourceData, type People } from '../datasets/present';
import { requirePermission } from '../http/authz';
import type { Identity } from '../http/identity';
import type { Ports } from '../ports/index';
import { getUserById } from '../platform/users';
import { isoNaive, naturalTime } from '../savedQueries/humanize';
import { parseDatasourceKey } from './access';
import { readFormData } from './formData';
import { readExplorePermalink } from './permalink';

async function people(ports: Ports, ids: number[]): Promise<People> {
  const map: People = new Map();
  for (const id of new Set(ids)) {
    const u = await getUserById(ports, id);
    if (u) map.set(id, { id, first_name: u.first_name, last_name: u.last_name, username: u.username });
  }
  return map;
}

/** Superset's Slice.data. */
function sliceData(chart: ChartRecord, datasourceName: string | null, nowMs: number) {
  return {
    cache_timeout: chart.cache_timeout,
    certified_by: chart.certified_by,
    certification_details: chart.certification_details,
    changed_on: isoNaive(chart.changed_on),
    changed_on_humanized: naturalTime(chart.changed_on, nowMs),
    datasource: datasourceName,
    description: chart.description,
    description_markdown: chart.description ?? '',
    edit_url: `/chart/edit/${chart.id}`,
    form_data: chartFormData(chart),
    is_managed_externally: chart.is_managed_externally,
    owners: chart.owners,
    query_context: chart.query_context,
    slice_id: chart.id,
    slice_name: chart.slice_name,
    slice_url: sliceUrl(chart),
    viz_type: chart.viz_type,
  };
}

async function initialFormData(ports: Ports, q: ExploreQuery): Promise<{ formData: Record<string, unknown>; message: string | null }> {
  let formData: Record<string, unknown> = {};
  if (q.permalink_key) {
    const state = await readExplorePermalink(ports, q.permalink_key);
    if (!state) throw new SupersetError('OBJECT_DOES_NOT_EXIST_ERROR', 'Not found', { status: 404 });
    formData = { ...state.formData };
    if (state.urlParams?.length) formData.url_params = Object.fromEntries(state.urlParams);
  } else if (q.form_data_key) {
    const entry = await readFormData(ports, q.form_data_key);
    if (entry) {
      try {
        formData = JSON.parse(entry.form_data);
      } catch {
        formData = {};
      }
    }
  }
  let message: string | null = null;
  if (Object.keys(formData).length === 0) {
    if (q.slice_id) {
      formData.slice_id = q.slice_id;
      if (q.form_data_key) message = 'Form data not found in cache, reverting to chart metadata.';
    } else if (q.datasource_id) {
      formData.datasource = `${q.datasource_id}__${q.datasource_type ?? 'table'}`;
      if (q.form_data_key) message = 'Form data not found in cache, reverting to dataset metadata.';
    }
  }
  return { formData, message };
}

export async function getExploreState(ports: Ports, user: Identity, q: ExploreQuery) {
  requirePermission(user, 'can_read', 'Explore');
  const initial = await initialFormData(ports, q);
  let { message } = initial;
  let formData = initial.formData;
  const sliceId = Number(formData.slice_id) || null;
  const chart = sliceId ? await readableChart(ports, user, sliceId) : null;
  if (chart) formData = { ...chartFormData(chart), ...formData };
  const key =
    parseDatasourceKey(formData.datasource) ??
    (q.datasource_id ? { id: q.datasource_id, type: q.datasource_type ?? 'table' } : null) ??
    (chart ? { id: chart.datasource_id, type: chart.datasource_type } : null);
  let dataset: Record<string, unknown> | null = null;
  let datasourceName: string | null = null;
  if (key) {
    try {
      const { dataset: d, db } = await datasourceForData(ports, user, key.id, key.type);
      dataset = datasourceData(d, db, await people(ports, d.owners));
      datasourceName = d.schema ? `${d.schema}.${d.table_name}` : d.table_name;
      formData.datasource = `${key.id}__${key.type}`;
    } catch (error) {
      if (!(error instanceof SupersetError) || error.status !== 404) throw error;
      message = 'The dataset associated with this chart no longer exists';
      dataset = { id: key.id, type: key.type, name: null, columns: [], metrics: [], database: { id: 0, backend: '' } };
    }
  }
  formData.viz_type ??= 'table';
  return {
    result: {
      dataset,
      form_data: formData,
      slice: chart ? sliceData(chart, datasourceName, ports.clock.now()) : null,
      message,
    },
  };
}
