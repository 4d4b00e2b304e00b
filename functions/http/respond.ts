// What an operation may return: plain data (sent as 200 JSON) or an explicit response.
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

const RAW = Symbol('raw-response');

export interface RawResponse extends APIGatewayProxyStructuredResultV2 {
  [RAW]: true;
}

export const isRawResponse = (value: unknown): value is RawResponse =>
  typeof value === 'object' && value !== null && RAW in value;

/** JSON with a status other than 200 (201 created, 202 accepted...). */
export const json = (statusCode: number, body: unknown, headers: Record<string, string> = {}): RawResponse => ({
  [RAW]: true,
  statusCode,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  body: JSON.stringify(body),
});

/** Any other payload (CSV, HTML, binary as base64). */
export const raw = (response: APIGatewayProxyStructuredResultV2): RawResponse => ({ [RAW]: true, ...response });

export const noContent = (): RawResponse => ({ [RAW]: true, statusCode: 204, body: '' });
