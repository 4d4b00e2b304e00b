// API Gateway WebSocket $disconnect: forget the connection so pushes stop targeting it.
import { getPorts } from '../ports/index';
import { deleteConnection } from '../events/connections';

export const handler = async (event: { requestContext: { connectionId: string } }) => {
  await deleteConnection(getPorts(), event.requestContext.connectionId);
  return { statusCode: 200 };
};
