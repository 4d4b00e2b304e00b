// Checks each AWS request a function sends to the local cloud against the calling function's role
// (localIam.ts) and answers a denied one as AWS does, so the SDK raises the error it raises there:
// DynamoDB AccessDeniedException (400), S3 AccessDenied (403), SQS AccessDenied (403), SES v2 and
// @connections AccessDeniedException (403). The caller is the function named in the invoker header
// (functions/ports/invoker.ts); a request without one comes from outside any function (provisioning,
// seeding, tests' setup, the queue pollers) and is not checked.
import { randomUUID } from 'node:crypto';
import { INVOKER_HEADER } from '../../../functions/ports/invoker';
import type { Denial, LocalIam, ResourceRef } from './localIam';

/** An answer in place of the emulator's. */
export interface LocalAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

type Headers = Record<string, string | string[] | undefined>;
type Access = { action: string; resource: ResourceRef }[];

export interface AwsGuard {
  /** `target`: X-Amz-Target; `body`: the JSON request. */
  dynamo(headers: Headers, body: string): LocalAnswer | null;
  /** `path`: `/bucket/key` with its query string (path-style). */
  s3(method: string, path: string, headers: Headers): LocalAnswer | null;
  sqs(headers: Headers, body: string): LocalAnswer | null;
  ses(method: string, path: string, headers: Headers, body: string): LocalAnswer | null;
  management(method: string, path: string, headers: Headers): LocalAnswer | null;
}

const header = (headers: Headers, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const parseJson = (body: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(body || '{}');
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

const json = (statusCode: number, body: unknown, headers: Record<string, string> = {}): LocalAnswer => ({
  statusCode,
  headers: { 'x-amzn-requestid': randomUUID(), ...headers },
  body: JSON.stringify(body),
});

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The IAM action of an SQS API action: a batch is checked as its single form. */
const sqsAction = (name: string) => `sqs:${name.replace(/Batch$/, '')}`;

/** Every denial is printed: a function the template does not grant enough fails on AWS too. */
const printDenial = (module: string, denial: Denial) => console.error(`[local iam] ${module}: ${denial.message}`);

export function awsGuard(iam: LocalIam, onDenied: (module: string, denial: Denial) => void = printDenial): AwsGuard {
  /** The first access `headers`' caller is denied, or null (also when there is no caller). */
  const deny = (headers: Headers, access: () => Access): Denial | null => {
    const module = header(headers, INVOKER_HEADER);
    if (!module) return null;
    for (const { action, resource } of access()) {
      const denial = iam.check(module, action, resource);
      if (denial) {
        onDenied(module, denial);
        return denial;
      }
    }
    return null;
  };

  return {
    dynamo(headers, body) {
      const operation = String(header(headers, 'x-amz-target') ?? '').split('.').pop() ?? '';
      const denial = deny(headers, () => {
        const input = parseJson(body);
        const tables = input.RequestItems && typeof input.RequestItems === 'object' ? Object.keys(input.RequestItems) : [String(input.TableName ?? '')];
        const index = typeof input.IndexName === 'string' ? `/index/${input.IndexName}` : '';
        return tables.map((name) => ({ action: `dynamodb:${operation}`, resource: iam.table(`${name}${index}`) }));
      });
      return denial
        ? json(400, { __type: 'com.amazon.coral.service#AccessDeniedException', Message: denial.message }, { 'content-type': 'application/x-amz-json-1.0' })
        : null;
    },

    s3(method, path, headers) {
      const denial = deny(headers, () => {
        const url = new URL(path, 'http://local');
        const [bucket, ...rest] = url.pathname.replace(/^\//, '').split('/');
        const key = rest.length > 0 && rest.join('/') !== '' ? decodeURIComponent(rest.join('/')) : undefined;
        const q = url.searchParams;
        const access: Access = [];
        const object = (action: string, objectKey = key) => access.push({ action, resource: iam.bucket(bucket, objectKey) });
        if (key === undefined) {
          if (method === 'POST' && q.has('delete')) object('s3:DeleteObject', '*');
          else if (method === 'GET' || method === 'HEAD') object(q.has('location') ? 's3:GetBucketLocation' : 's3:ListBucket');
          else object(method === 'PUT' ? 's3:CreateBucket' : method === 'DELETE' ? 's3:DeleteBucket' : `s3:${method}Bucket`);
        } else if (method === 'GET' || method === 'HEAD') object('s3:GetObject');
        else if (method === 'DELETE') object(q.has('uploadId') ? 's3:AbortMultipartUpload' : 's3:DeleteObject');
        else {
          object('s3:PutObject');
          const source = header(headers, 'x-amz-copy-source');
          if (source) {
            const [sourceBucket, ...sourceKey] = decodeURIComponent(source.split('?')[0]).replace(/^\//, '').split('/');
            access.push({ action: 's3:GetObject', resource: iam.bucket(sourceBucket, sourceKey.join('/')) });
          }
        }
        return access;
      });
      if (!denial) return null;
      const body =
        method === 'HEAD'
          ? ''
          : `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>${escapeXml(denial.message)}</Message><RequestId>${randomUUID()}</RequestId></Error>`;
      return { statusCode: 403, headers: { 'content-type': 'application/xml' }, body };
    },

    sqs(headers, body) {
      const target = String(header(headers, 'x-amz-target') ?? '');
      const denial = deny(headers, () => {
        const form = target ? null : new URLSearchParams(body);
        const input = form ? Object.fromEntries(form) : parseJson(body);
        const action = target ? target.split('.').pop()! : String(input.Action ?? '');
        const name = typeof input.QueueUrl === 'string' ? input.QueueUrl.split('/').pop()! : String(input.QueueName ?? '');
        return [{ action: sqsAction(action), resource: iam.queue(name) }];
      });
      if (!denial) return null;
      if (!target) {
        return {
          statusCode: 403,
          headers: { 'content-type': 'text/xml' },
          body: `<?xml version="1.0"?><ErrorResponse><Error><Type>Sender</Type><Code>AccessDenied</Code><Message>${escapeXml(denial.message)}</Message><Detail/></Error><RequestId>${randomUUID()}</RequestId></ErrorResponse>`,
        };
      }
      return json(403, { __type: 'com.amazon.coral.service#AccessDeniedException', message: denial.message }, {
        'content-type': 'application/x-amz-json-1.0',
        'x-amzn-query-error': 'AccessDenied;Sender',
      });
    },

    ses(method, path, headers, body) {
      const denial = deny(headers, () => {
        const operation = method === 'POST' && path.split('?')[0].replace(/\/$/, '') === '/v2/email/outbound-emails' ? 'SendEmail' : 'GetAccount';
        const from = String(parseJson(body).FromEmailAddress ?? '*').replace(/^.*<([^>]+)>.*$/, '$1');
        return [{ action: `ses:${operation}`, resource: iam.emailIdentity(from) }];
      });
      return denial ? json(403, { message: denial.message }, { 'content-type': 'application/json', 'x-amzn-errortype': 'AccessDeniedException' }) : null;
    },

    management(method, path, headers) {
      const denial = deny(headers, () => {
        const id = decodeURIComponent(path.split('?')[0].replace(/\/$/, '').split('/').pop() ?? '');
        return [{ action: 'execute-api:ManageConnections', resource: iam.connection(id) }];
      });
      return denial ? json(403, { message: denial.message }, { 'content-type': 'application/json', 'x-amzn-errortype': 'AccessDeniedException' }) : null;
    },
  };
}
