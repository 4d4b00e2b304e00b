// The AWS JSON 1.0 wire protocol of SQS (what the v3 SDK speaks), and the shape every protocol has.
// Errors carry both the JSON `__type` and the legacy query code in `x-amzn-query-error`, because the
// SDK resolves SQS error classes from the latter. queryProtocol.ts speaks the older query protocol.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from '../http/body';
import { SqsError } from './localQueue';

export type Input = Record<string, any>;

/** How one wire protocol reads a call and writes its answer; the actions are shared. */
export interface SqsProtocol {
  parse(req: IncomingMessage): Promise<{ action: string; input: Input }>;
  ok(res: ServerResponse, action: string, output: unknown): void;
  fail(res: ServerResponse, error: SqsError): void;
}

const requestId = () => crypto.randomUUID();

export const jsonProtocol: SqsProtocol = {
  async parse(req) {
    const action = String(req.headers['x-amz-target']).slice('AmazonSQS.'.length);
    const raw = (await readBody(req, 1024 * 1024)).toString('utf8');
    try {
      return { action, input: raw ? JSON.parse(raw) : {} };
    } catch {
      throw new SqsError('SerializationException', 'Malformed JSON request body');
    }
  },
  ok(res, _action, output) {
    res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': requestId() });
    res.end(JSON.stringify(output));
  },
  fail(res, error) {
    res.writeHead(error.status, {
      'content-type': 'application/x-amz-json-1.0',
      'x-amzn-requestid': requestId(),
      'x-amzn-query-error': `${error.queryCode};Sender`,
    });
    res.end(JSON.stringify({ __type: `com.amazonaws.sqs#${error.code}`, message: error.message }));
  },
};
