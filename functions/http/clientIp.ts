// The client's address for throttling: behind CloudFront, API Gateway sees CloudFront's address and the
// viewer's is the last X-Forwarded-For entry (CloudFront appends it; entries before it are the client's
// own claims). Without that header (the local gateway, direct calls) it is the connection's source.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

export function clientIp(event: Pick<APIGatewayProxyEventV2, 'headers' | 'requestContext'>): string | null {
  const forwarded = event.headers?.['x-forwarded-for'] ?? event.headers?.['X-Forwarded-For'];
  const last = forwarded?.split(',').map((part) => part.trim()).filter(Boolean).pop();
  return last || event.requestContext?.http?.sourceIp || null;
}
