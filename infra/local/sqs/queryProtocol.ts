// The SQS query protocol (form-encoded `Action=SendMessage&QueueUrl=...`, XML answers) that older SDKs,
// CLIs and tools still post. Flattened parameters (`Attribute.1.Name`, `SendMessageBatchRequestEntry.2.Id`)
// are folded into the JSON protocol's input shapes so both protocols share one set of actions.
import type { IncomingMessage } from 'node:http';
import { readBody } from '../http/body';
import { SqsError } from './queueStore';
import type { Input, SqsProtocol } from './jsonProtocol';

const NAMESPACE = 'http://queue.amazonaws.com/doc/2012-11-05/';
const NUMERIC = new Set(['DelaySeconds', 'MaxNumberOfMessages', 'VisibilityTimeout', 'WaitTimeSeconds', 'MaxResults']);
/** Query list names and the JSON member they become. */
const LISTS: Record<string, string> = {
  AttributeName: 'AttributeNames',
  MessageSystemAttributeName: 'MessageSystemAttributeNames',
  MessageAttributeName: 'MessageAttributeNames',
};

export const isQueryRequest = (req: IncomingMessage) =>
  !req.headers['x-amz-target'] &&
  (String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded') || /[?&]Action=/.test(req.url ?? ''));

/** `a.1.b=x` -> { a: [ { b: 'x' } ] }: numbered segments are 1-based list positions. */
function unflatten(params: URLSearchParams): Record<string, unknown> {
  const root: Record<string, any> = {};
  for (const [key, value] of params) {
    const parts = key.split('.');
    let node: any = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const slot = /^\d+$/.test(part) ? Number(part) - 1 : part;
      if (last) node[slot] = value;
      else node = node[slot] ??= /^\d+$/.test(parts[i + 1]) ? [] : {};
    });
  }
  return root;
}

const pairs = (list: unknown, value: (v: any) => unknown) =>
  Object.fromEntries(((list as { Name: string; Value: any }[]) ?? []).filter(Boolean).map((p) => [p.Name, value(p.Value)]));

function toJsonShape(node: Record<string, any>): Input {
  const out: Input = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'Attribute') out.Attributes = pairs(value, String);
    else if (key === 'MessageAttribute') out.MessageAttributes = pairs(value, (v) => ({ ...v }));
    else if (LISTS[key]) out[LISTS[key]] = (value as string[]).filter(Boolean);
    else if (key.endsWith('RequestEntry')) out.Entries = (value as Record<string, any>[]).filter(Boolean).map(toJsonShape);
    else out[key] = NUMERIC.has(key) ? Number(value) : value;
  }
  return out;
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

function element(name: string, value: unknown, action: string): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) {
    const item = { Messages: 'Message', QueueUrls: 'QueueUrl', Successful: `${action}ResultEntry`, Failed: 'BatchResultErrorEntry' }[name] ?? name;
    return value.map((v) => element(item, v, action)).join('');
  }
  if (name === 'Attributes' || name === 'MessageAttributes') {
    const tag = name === 'Attributes' ? 'Attribute' : 'MessageAttribute';
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `<${tag}><Name>${escape(k)}</Name>${element('Value', v, action)}</${tag}>`)
      .join('');
  }
  if (typeof value === 'object') {
    const inner = Object.entries(value as Record<string, unknown>).map(([k, v]) => element(k, v, action)).join('');
    return `<${name}>${inner}</${name}>`;
  }
  return `<${name}>${escape(String(value))}</${name}>`;
}

const metadata = () => `<ResponseMetadata><RequestId>${crypto.randomUUID()}</RequestId></ResponseMetadata>`;

export const queryProtocol: SqsProtocol = {
  async parse(req: IncomingMessage) {
    const params = new URLSearchParams(new URL(req.url ?? '/', 'http://local').search);
    for (const [k, v] of new URLSearchParams((await readBody(req, 1024 * 1024)).toString('utf8'))) params.append(k, v);
    const action = params.get('Action') ?? '';
    params.delete('Action');
    params.delete('Version');
    const input = toJsonShape(unflatten(params));
    // Posting to the queue's own URL names the queue without a QueueUrl parameter.
    if (!input.QueueUrl && /^\/\d+\/[\w-]+/.test(new URL(req.url ?? '/', 'http://local').pathname)) {
      input.QueueUrl = `http://${req.headers.host}${new URL(req.url ?? '/', 'http://local').pathname}`;
    }
    return { action, input };
  },
  ok(res, action, output) {
    const body = Object.entries(output as Record<string, unknown>).map(([k, v]) => element(k, v, action)).join('');
    const result = body ? `<${action}Result>${body}</${action}Result>` : '';
    res.writeHead(200, { 'content-type': 'text/xml' });
    res.end(`<?xml version="1.0"?><${action}Response xmlns="${NAMESPACE}">${result}${metadata()}</${action}Response>`);
  },
  fail(res, error: SqsError) {
    res.writeHead(error.status, { 'content-type': 'text/xml' });
    res.end(
      `<?xml version="1.0"?><ErrorResponse xmlns="${NAMESPACE}"><Error><Type>${error.status < 500 ? 'Sender' : 'Receiver'}</Type>` +
        `<Code>${escape(error.queryCode)}</Code><Message>${escape(error.message)}</Message><Detail/></Error>` +
        `<RequestId>${crypto.randomUUID()}</RequestId></ErrorResponse>`,
    );
  },
};
