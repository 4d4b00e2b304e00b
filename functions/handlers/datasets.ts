// Datasets: /api/v1/dataset/ create, get_or_create and get (one Lambda).
import { createDataset, getDataset, getOrCreateDataset } from '../datasets/service';
import { httpModule } from '../http/httpModule';
import { getPorts } from '../ports/index';

export const handler = httpModule({
  'dataset.create': (req) => createDataset(getPorts(), req.user, req.body),
  'dataset.getOrCreate': (req) => getOrCreateDataset(getPorts(), req.user, req.body),
  'dataset.get': (req) => getDataset(getPorts(), req.user, req.params.pk, req.q),
});
