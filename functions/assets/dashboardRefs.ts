// A dashboard's references to charts and datasets, rewritten between local ids and bundle uuids:
// layout CHART nodes carry meta.chartId (local) and meta.uuid (portable); native filter targets carry
// datasetId here and datasetUuid in a bundle; chart ids in the metadata follow the layout's mapping.
type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/** CHART nodes of a layout. */
export const chartNodes = (position: Json) =>
  Object.entries(position).filter(([, node]) => isObject(node) && node.type === 'CHART') as [string, Json & { meta?: Json }][];

/** Export: every CHART node's meta gains the uuid of its chart. */
export function withChartUuids(position: Json, uuidOf: (chartId: number) => string | undefined): Json {
  const out: Json = { ...position };
  for (const [key, node] of chartNodes(position)) {
    const uuid = typeof node.meta?.chartId === 'number' ? uuidOf(node.meta.chartId) : undefined;
    if (uuid) out[key] = { ...node, meta: { ...node.meta, uuid } };
  }
  return out;
}

const filters = (metadata: Json): Json[] =>
  Array.isArray(metadata.native_filter_configuration) ? metadata.native_filter_configuration.filter(isObject) : [];

function mapTargets(metadata: Json, map: (target: Json) => Json): Json {
  if (!Array.isArray(metadata.native_filter_configuration)) return metadata;
  return {
    ...metadata,
    native_filter_configuration: metadata.native_filter_configuration.map((f) =>
      isObject(f) && Array.isArray(f.targets) ? { ...f, targets: f.targets.map((t) => (isObject(t) ? map(t) : t)) } : f,
    ),
  };
}

/** Export: native filter targets name their dataset by uuid (datasetId dropped), as Superset writes them. */
export function targetsToUuids(metadata: Json, uuidOf: (datasetId: number) => string | undefined): Json {
  return mapTargets(metadata, (t) => {
    if (typeof t.datasetId !== 'number') return t;
    const { datasetId, ...rest } = t;
    const uuid = uuidOf(datasetId);
    return uuid ? { ...rest, datasetUuid: uuid } : t;
  });
}

/** The dataset ids the native filters use (they join an export as dependencies). */
export const filterDatasetIds = (metadata: Json) =>
  filters(metadata).flatMap((f) => (Array.isArray(f.targets) ? f.targets : [])).map((t) => (isObject(t) ? t.datasetId : undefined)).filter((id): id is number => typeof id === 'number');

/** Import: datasetUuid back to the local datasetId; a uuid not found is reported through `missing`. */
export function targetsToIds(metadata: Json, idOf: (uuid: string) => number | undefined, missing: (uuid: string) => never): Json {
  return mapTargets(metadata, (t) => {
    if (typeof t.datasetUuid !== 'string') return t;
    const { datasetUuid, ...rest } = t;
    const id = idOf(datasetUuid);
    return id === undefined ? missing(datasetUuid) : { ...rest, datasetId: id };
  });
}

/** Import: chart ids in the metadata (scopes, cross-filter configuration, refresh immunity) to local ids. */
export function remapChartIds(metadata: Json, idMap: Map<number, number>): Json {
  const one = (v: unknown) => (typeof v === 'number' && idMap.has(v) ? idMap.get(v)! : typeof v === 'string' && idMap.has(Number(v)) ? idMap.get(Number(v))! : v);
  const list = (v: unknown) => (Array.isArray(v) ? v.map(one) : v);
  const scoped = (v: unknown) => (isObject(v) ? { ...v, chartsInScope: list(v.chartsInScope), ...(isObject(v.scope) ? { scope: { ...v.scope, excluded: list(v.scope.excluded) } } : {}) } : v);
  const out: Json = { ...metadata };
  if (Array.isArray(metadata.native_filter_configuration)) out.native_filter_configuration = metadata.native_filter_configuration.map(scoped);
  if (isObject(metadata.chart_configuration)) {
    out.chart_configuration = Object.fromEntries(
      Object.entries(metadata.chart_configuration).map(([key, value]) => {
        const id = one(Number(key));
        const conf = isObject(value) ? { ...value, id: one(value.id), ...(isObject(value.crossFilters) ? { crossFilters: scoped(value.crossFilters) } : {}) } : value;
        return [String(id), conf];
      }),
    );
  }
  if (isObject(metadata.global_chart_configuration)) out.global_chart_configuration = scoped(metadata.global_chart_configuration);
  if (Array.isArray(metadata.timed_refresh_immune_slices)) out.timed_refresh_immune_slices = list(metadata.timed_refresh_immune_slices);
  if (isObject(metadata.expanded_slices)) {
    out.expanded_slices = Object.fromEntries(Object.entries(metadata.expanded_slices).map(([k, v]) => [String(one(Number(k))), v]));
  }
  return out;
}
