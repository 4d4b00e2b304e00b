import { describe, expect, it } from 'vitest';
import { filterDatasetIds, remapChartIds, targetsToIds, targetsToUuids, withChartUuids } from '../../../../functions/assets/dashboardRefs';

const position = {
  ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['CHART-1'] },
  'CHART-1': { type: 'CHART', id: 'CHART-1', meta: { chartId: 7, width: 4 } },
  'CHART-2': { type: 'CHART', id: 'CHART-2', meta: { chartId: 8 } },
};

describe('dashboard references in bundles', () => {
  it('adds chart uuids to CHART nodes it knows', () => {
    const out = withChartUuids(position, (id) => (id === 7 ? 'u-7' : undefined)) as Record<string, any>;
    expect(out['CHART-1'].meta).toEqual({ chartId: 7, width: 4, uuid: 'u-7' });
    expect(out['CHART-2'].meta).toEqual({ chartId: 8 });
  });

  it('turns native filter dataset ids into uuids and back', () => {
    const metadata = { native_filter_configuration: [{ id: 'F1', targets: [{ datasetId: 3, column: { name: 'a' } }] }, { id: 'D', type: 'DIVIDER' }] };
    expect(filterDatasetIds(metadata)).toEqual([3]);
    const portable = targetsToUuids(metadata, (id) => (id === 3 ? 'ds-3' : undefined));
    expect(portable.native_filter_configuration).toEqual([{ id: 'F1', targets: [{ datasetUuid: 'ds-3', column: { name: 'a' } }] }, { id: 'D', type: 'DIVIDER' }]);
    const local = targetsToIds(portable, (u) => (u === 'ds-3' ? 30 : undefined), () => {
      throw new Error('missing');
    });
    expect(local.native_filter_configuration).toEqual([{ id: 'F1', targets: [{ datasetId: 30, column: { name: 'a' } }] }, { id: 'D', type: 'DIVIDER' }]);
    expect(() => targetsToIds(portable, () => undefined, () => { throw new Error('missing ds-3'); })).toThrow('missing ds-3');
  });

  it('remaps chart ids in scopes, cross-filter configuration, refresh immunity and expanded slices', () => {
    const ids = new Map([[1, 11], [2, 12]]);
    const out = remapChartIds(
      {
        native_filter_configuration: [{ id: 'F', chartsInScope: [1, 2], scope: { rootPath: ['ROOT_ID'], excluded: [2] } }],
        chart_configuration: { '1': { id: 1, crossFilters: { scope: 'global', chartsInScope: [2] } } },
        global_chart_configuration: { scope: { rootPath: ['ROOT_ID'], excluded: [] }, chartsInScope: [1, 2] },
        timed_refresh_immune_slices: [2],
        expanded_slices: { '1': true },
        color_scheme: 'x',
      },
      ids,
    );
    expect(out).toEqual({
      native_filter_configuration: [{ id: 'F', chartsInScope: [11, 12], scope: { rootPath: ['ROOT_ID'], excluded: [12] } }],
      chart_configuration: { '11': { id: 11, crossFilters: { scope: 'global', chartsInScope: [12] } } },
      global_chart_configuration: { scope: { rootPath: ['ROOT_ID'], excluded: [] }, chartsInScope: [11, 12] },
      timed_refresh_immune_slices: [12],
      expanded_slices: { '11': true },
      color_scheme: 'x',
    });
  });
});
