// Superset's SqlLabRestApi routes. Services check permissions; this file only maps routes.
import { acceptsGzip } from '../http/fitResponse';
import { httpModule } from '../http/httpModule';
import { getPorts } from '../ports/index';
import { bootstrapSqlLab } from '../sqllab/bootstrap';
import { estimateQueryCost } from '../sqllab/estimate';
import { executeSql } from '../sqllab/execute';
import { exportResult } from '../sqllab/export';
import { formatSql } from '../sqllab/format';
import { getResults } from '../sqllab/results';

/** Time left to this invocation, when the runtime tells (Lambda and the local cloud do). */
const remainingMs = (context: { getRemainingTimeInMillis?: () => number } | undefined) => context?.getRemainingTimeInMillis?.();

export const handler = httpModule({
  'sqllab.bootstrap': (req) => bootstrapSqlLab(getPorts(), req.user),
  // Large results go out as the gzip made while their rows arrived (or as stored) when the client takes gzip.
  'sqllab.execute': (req) => executeSql(getPorts(), req.user, req.body, { acceptGzip: acceptsGzip(req.headers), remainingMs: remainingMs(req.context) }),
  // The legacy endpoint runs the same service and answers the same shapes (Superset's sql_json did).
  'sqllab.sqlJson': (req) => executeSql(getPorts(), req.user, req.body, { acceptGzip: acceptsGzip(req.headers), remainingMs: remainingMs(req.context) }),
  'sqllab.results': (req) => getResults(getPorts(), req.user, req.q, { acceptGzip: acceptsGzip(req.headers) }),
  'sqllab.export': (req) =>
    exportResult(getPorts(), req.user, req.params.client_id, { format: req.query.format, acceptGzip: acceptsGzip(req.headers), remainingMs: remainingMs(req.context) }),
  'sqllab.estimate': (req) => estimateQueryCost(getPorts(), req.user, req.body, remainingMs(req.context)),
  'sqllab.formatSql': (req) => formatSql(getPorts(), req.user, req.body),
});
