// The dataset as Superset shows it: the REST show columns (GET /api/v1/dataset/{pk}) and the datasource
// `data` dictionary (fetch_datasource_metadata, and `data` of the create answer) that Explore reads.
import type { DatabaseRecord } from '../databases/repository';
import { isoNaive, naturalTime } from '../savedQueries/humanize';
import type { DatasetColumnRecord, DatasetMetricRecord, DatasetRecord } from './repository';

export interface Person {
  id: number;
  first_name: string;
  last_name: string;
  username?: string;
}
export type People = Map<number, Person>;

/** Time grains the SQL engines here all support (ISO 8601 durations, as Superset names them). */
const TIME_GRAINS: [string | null, string][] = [
  [null, 'Original value'],
  ['PT1S', 'Second'],
  ['PT1M', 'Minute'],
  ['PT1H', 'Hour'],
  ['P1D', 'Day'],
  ['P1W', 'Week'],
  ['P1M', 'Month'],
  ['P3M', 'Quarter'],
  ['P1Y', 'Year'],
];

const uid = (d: DatasetRecord) => `${d.id}__table`;
const fullName = (d: DatasetRecord) => (d.schema ? `${d.schema}.${d.table_name}` : d.table_name);
const kind = (d: DatasetRecord) => (d.sql ? 'virtual' : 'physical');

function columnData(c: DatasetColumnRecord) {
  return {
    id: c.id,
    uuid: c.uuid,
    column_name: c.column_name,
    verbose_name: c.verbose_name,
    description: c.description,
    expression: c.expression,
    filterable: c.filterable,
    groupby: c.groupby,
    is_dttm: c.is_dttm,
    is_active: c.is_active,
    type: c.type,
    type_generic: c.type_generic,
    python_date_format: c.python_date_format,
    advanced_data_type: c.advanced_data_type,
    extra: c.extra,
    is_certified: false,
    certified_by: null,
    certification_details: null,
    warning_markdown: null,
  };
}

/** Saved metrics as Superset shows them: currency as its {symbol, symbolPosition} object. */
function metricData(m: DatasetMetricRecord) {
  let currency: { symbol: string; symbolPosition: string } | null = null;
  try {
    const parsed: unknown = m.currency ? JSON.parse(m.currency) : null;
    if (parsed && typeof parsed === 'object' && 'symbol' in parsed) {
      const p = parsed as { symbol: unknown; symbolPosition?: unknown };
      currency = { symbol: String(p.symbol), symbolPosition: String(p.symbolPosition ?? 'prefix') };
    }
  } catch {
    currency = m.currency ? { symbol: m.currency, symbolPosition: 'prefix' } : null;
  }
  return { ...m, currency };
}

function verboseMap(d: DatasetRecord): Record<string, string> {
  const map: Record<string, string> = { __timestamp: 'Time' };
  for (const m of d.metrics) map[m.metric_name] = m.verbose_name || m.metric_name;
  for (const c of d.columns) map[c.column_name] = c.verbose_name || c.column_name;
  return map;
}

function orderByChoices(d: DatasetRecord): [string, string][] {
  return [...d.columns]
    .map((c) => c.column_name)
    .sort()
    .flatMap((name) => [
      [JSON.stringify([name, true]), `${name} [asc]`] as [string, string],
      [JSON.stringify([name, false]), `${name} [desc]`] as [string, string],
    ]);
}

const dttmColumns = (d: DatasetRecord) => d.columns.filter((c) => c.is_dttm).map((c) => [c.column_name, c.column_name]);

/** The show columns of Superset's dataset REST API. */
export function datasetShow(d: DatasetRecord, db: DatabaseRecord, people: People, nowMs: number): Record<string, unknown> {
  const person = (id: number) => {
    const p = people.get(id);
    return p ? { first_name: p.first_name, last_name: p.last_name } : null;
  };
  return {
    id: d.id,
    uuid: d.uuid,
    database: { id: db.id, database_name: db.database_name, backend: db.backend, uuid: db.uuid, allow_multi_catalog: false },
    table_name: d.table_name,
    sql: d.sql,
    filter_select_enabled: true,
    fetch_values_predicate: null,
    catalog: d.catalog,
    schema: d.schema,
    description: d.description,
    main_dttm_col: d.main_dttm_col,
    currency_code_column: null,
    normalize_columns: d.normalize_columns,
    always_filter_main_dttm: d.always_filter_main_dttm,
    offset: 0,
    default_endpoint: null,
    cache_timeout: d.cache_timeout ?? null,
    is_sqllab_view: false,
    template_params: d.template_params,
    select_star: d.select_star,
    owners: d.owners.map((id) => ({ id, ...(person(id) ?? { first_name: '', last_name: '' }) })),
    columns: d.columns.map(columnData),
    metrics: d.metrics.map(metricData),
    datasource_type: 'table',
    url: `/tablemodelview/edit/${d.id}`,
    extra: d.extra,
    kind: kind(d),
    created_on: isoNaive(d.created_on),
    created_on_humanized: naturalTime(d.created_on, nowMs),
    created_by: person(d.created_by),
    changed_on: isoNaive(d.changed_on),
    changed_on_humanized: naturalTime(d.changed_on, nowMs),
    changed_by: person(d.changed_by),
    is_managed_externally: d.is_managed_externally,
    external_url: d.external_url,
    uid: uid(d),
    datasource_name: d.table_name,
    name: fullName(d),
    column_formats: {},
    granularity_sqla: dttmColumns(d),
    time_grain_sqla: TIME_GRAINS,
    order_by_choices: orderByChoices(d),
    verbose_map: verboseMap(d),
  };
}

/** The datasource dictionary (Superset's SqlaTable.data), as fetch_datasource_metadata answers it. */
export function datasourceData(d: DatasetRecord, db: DatabaseRecord, people: People): Record<string, unknown> {
  return {
    id: d.id,
    uid: uid(d),
    type: 'table',
    datasource_name: d.table_name,
    table_name: d.table_name,
    name: fullName(d),
    description: d.description,
    database: { id: db.id, database_name: db.database_name, name: db.database_name, backend: db.backend },
    catalog: d.catalog,
    schema: d.schema,
    sql: d.sql,
    kind: kind(d),
    columns: d.columns.map(columnData),
    column_names: d.columns.map((c) => c.column_name),
    column_types: d.columns.map((c) => c.type_generic),
    metrics: d.metrics.map(metricData),
    column_formats: {},
    currency_formats: {},
    verbose_map: verboseMap(d),
    order_by_choices: orderByChoices(d),
    main_dttm_col: d.main_dttm_col,
    granularity_sqla: dttmColumns(d),
    time_grain_sqla: TIME_GRAINS,
    select_star: d.select_star,
    default_endpoint: null,
    filter_select: true,
    filter_select_enabled: true,
    fetch_values_predicate: null,
    template_params: d.template_params,
    is_sqllab_view: false,
    offset: 0,
    cache_timeout: d.cache_timeout ?? null,
    params: null,
    perm: `[${db.database_name}].[${d.table_name}](id:${d.id})`,
    edit_url: `/tablemodelview/edit/${d.id}`,
    extra: d.extra,
    owners: d.owners.map((id) => {
      const p = people.get(id);
      return { id, first_name: p?.first_name ?? '', last_name: p?.last_name ?? '', username: p?.username ?? '' };
    }),
    always_filter_main_dttm: d.always_filter_main_dttm,
    normalize_columns: d.normalize_columns,
    health_check_message: null,
  };
}
