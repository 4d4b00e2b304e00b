// Asset bundles: export and import of databases, datasets, charts, dashboards, saved queries, and of
// everything at once (one Lambda).
import { httpModule } from '../http/httpModule';
import { getPorts } from '../ports/index';
import { exportAssets, exportEverything, importAssets } from '../assets/service';

export const handler = httpModule({
  'database.export': (req) => exportAssets(getPorts(), req.user, 'database', req.q),
  'dataset.export': (req) => exportAssets(getPorts(), req.user, 'dataset', req.q),
  'chart.export': (req) => exportAssets(getPorts(), req.user, 'chart', req.q),
  'dashboard.export': (req) => exportAssets(getPorts(), req.user, 'dashboard', req.q),
  'savedQuery.export': (req) => exportAssets(getPorts(), req.user, 'saved_query', req.q),
  'assets.export': (req) => exportEverything(getPorts(), req.user),
  'database.import': (req) => importAssets(getPorts(), req.user, 'database', req.body),
  'dataset.import': (req) => importAssets(getPorts(), req.user, 'dataset', req.body),
  'chart.import': (req) => importAssets(getPorts(), req.user, 'chart', req.body),
  'dashboard.import': (req) => importAssets(getPorts(), req.user, 'dashboard', req.body),
  'savedQuery.import': (req) => importAssets(getPorts(), req.user, 'saved_query', req.body),
  'assets.import': ({ user, body: { bundle, ...rest } }) => importAssets(getPorts(), user, 'assets', { ...rest, formData: bundle }),
});
