// Change dataset (the datasource panel): the new dataset's metadata from GET /api/v1/explore/, the form
// data remapped onto it (spec §4: a datasource change remaps metric, column and option controls;
// what the new dataset lacks is dropped), the chart back to "press Update chart", the state kept.
import { ref } from 'valtio';
import { remapForDatasource } from '../../../../../shared/viz/explore/index';
import type { FormData } from '../../../../../shared/viz/types';
import { api } from '../../../api/client';
import { initialChartState } from '../../charts/state/chartStatus';
import { datasourceKey, exploreStore } from '../state/exploreStore';
import { saveFormDataKey } from './formDataKey';

export async function changeDataset(datasetId: number): Promise<string> {
  const answer = await api.call('explore.get', { query: { datasource_id: String(datasetId), datasource_type: 'table' } });
  const dataset = answer.result.dataset;
  if (!dataset) throw new Error(answer.result.message ?? "The datasource couldn't be loaded");
  exploreStore.formData = remapForDatasource(exploreStore.formData as FormData, datasourceKey(dataset), dataset);
  exploreStore.datasource = ref(dataset);
  exploreStore.chart = initialChartState();
  exploreStore.queriesData = null;
  exploreStore.chartErrors = null;
  void saveFormDataKey();
  return dataset.name ?? dataset.table_name ?? String(datasetId);
}
