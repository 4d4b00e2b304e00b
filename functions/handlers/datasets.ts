// Datasets: /api/v1/dataset/ list, create, get_or_create, get, update, delete, refresh and lookups (one Lambda).
import { listDatasets, createDataset, getDataset, getOrCreateDataset } from '../datasets/service';
import { bulkDeleteDatasets, deleteDataset, refreshDataset, updateDataset } from '../datasets/mutate';
import { datasetDistinct, datasetRelated, datasetRelatedObjects } from '../datasets/related';
import { httpModule } from '../http/httpModule';
import { getPorts } from '../ports/index';

export const handler = httpModule({
  'dataset.list': (req) => listDatasets(getPorts(), req.user, req.q),
  'dataset.create': (req) => createDataset(getPorts(), req.user, req.body),
  'dataset.bulkDelete': (req) => bulkDeleteDatasets(getPorts(), req.user, req.q),
  'dataset.related': (req) => datasetRelated(getPorts(), req.user, req.params.column, req.q),
  'dataset.distinct': (req) => datasetDistinct(getPorts(), req.user, req.params.column, req.q),
  'dataset.getOrCreate': (req) => getOrCreateDataset(getPorts(), req.user, req.body),
  'dataset.get': (req) => getDataset(getPorts(), req.user, req.params.pk, req.q),
  'dataset.update': (req) => updateDataset(getPorts(), req.user, req.params.pk, req.body),
  'dataset.delete': (req) => deleteDataset(getPorts(), req.user, req.params.pk),
  'dataset.refresh': (req) => refreshDataset(getPorts(), req.user, req.params.pk),
  'dataset.relatedObjects': (req) => datasetRelatedObjects(getPorts(), req.user, req.params.pk),
});
