// The legacy /superset/fetch_datasource_metadata call SQL Lab makes before opening Explore.
import { fetchDatasourceMetadata } from '../datasets/service';
import { httpModule } from '../http/httpModule';
import { getPorts } from '../ports/index';

export const handler = httpModule({
  'datasource.fetchMetadata': (req) => fetchDatasourceMetadata(getPorts(), req.user, req.query.datasourceKey),
});
