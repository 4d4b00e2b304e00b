// Response checks: in check mode (CHECK_RESPONSES=1, always on in tests) every JSON answer an operation
// gives is parsed with its route's `response` schema, so a handler drifting from the declared shape
// fails loudly (500 naming the route and the zod issues) instead of reaching a client that trusted it.
// Text, HTML, CSV and redirects are not checked; gzip bodies are unzipped first.
import { gunzipSync } from 'node:zlib';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { SupersetError } from '../../shared/errors';
import { responseSchemaFor, type RouteDef } from '../../shared/routes/route';
import { logger } from '../observability/logger';

/** Whether answers are checked: CHECK_RESPONSES=1 (tests, and `npm start` when asked). */
export const checkingResponses = (env: NodeJS.ProcessEnv = process.env) => env.CHECK_RESPONSES === '1';

const header = (headers: APIGatewayProxyStructuredResultV2['headers'], name: string) =>
  String(Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1] ?? '');

function jsonBodyOf(response: APIGatewayProxyStructuredResultV2): { ok: true; value: unknown } | { ok: false } {
  if (!/json/i.test(header(response.headers, 'content-type'))) return { ok: false };
  let text = response.body ?? '';
  if (response.isBase64Encoded) {
    const bytes = Buffer.from(text, 'base64');
    text = (/gzip/i.test(header(response.headers, 'content-encoding')) ? gunzipSync(bytes) : bytes).toString('utf8');
  }
  if (text === '') return { ok: false };
  return { ok: true, value: JSON.parse(text) };
}

/** A short, readable list of zod issues: `result.0.id: Expected number, received string`. */
const describeIssues = (issues: readonly { path: PropertyKey[]; message: string }[]) =>
  issues
    .slice(0, 10)
    .map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`)
    .join('; ');

/**
 * Throws a 500 when a JSON answer does not match the route's declared response for its status. An
 * answer with a status the route does not declare is a mismatch too, except 204 (no body).
 */
export function checkResponse(route: RouteDef, response: APIGatewayProxyStructuredResultV2): void {
  // A route without a declaration is caught by the route table's coverage test, not here.
  if (!route.response) return;
  const status = response.statusCode ?? 200;
  if (status === 204 || status >= 300) return;
  const body = jsonBodyOf(response);
  if (!body.ok) return;
  const schema = responseSchemaFor(route, status);
  const problem = !schema
    ? `declares no response for status ${status}`
    : (() => {
        const parsed = schema.safeParse(body.value);
        return parsed.success ? null : describeIssues(parsed.error.issues);
      })();
  if (problem === null) return;
  logger.error('response does not match the route schema', { route: route.name, status, problem });
  throw new SupersetError('GENERIC_BACKEND_ERROR', `Response of ${route.name} (${status}) does not match its schema: ${problem}`, {
    status: 500,
  });
}
