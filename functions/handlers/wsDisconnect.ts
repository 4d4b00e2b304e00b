// API Gateway WebSocket $disconnect: forget the connection so pushes stop targeting it.
import { getPorts } from '../ports/index';
import { deleteConnection } from '../events/connections';
import { logKeys, observed } from '../observability/middleware';
import { addMetric, MetricUnit } from '../observability/metrics';
import { METRICS } from '../../shared/resources/metrics';

export const handler = observed(async (event: { requestContext: { connectionId: string } }) => {
  logKeys({ route: '$disconnect', connection_id: event.requestContext.connectionId });
  addMetric(METRICS.wsDisconnects, MetricUnit.Count, 1);
  await deleteConnection(getPorts(), event.requestContext.connectionId);
  return { statusCode: 200 };
});
