// The Slack token read at run time from Secrets Manager (the AWS SDK client against a local server
// that answers GetSecretValue as Secrets Manager does), kept a few minutes, and the plain variable
// preferred when it is set.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLACK_TOKEN_CACHE_MS, slackToken, slackTokenConfigured, tokenOfSecret } from '../../../../../functions/reports/deliver/slackToken';

let server: Server;
const asked: { target: string; secretId: string }[] = [];
let secretValue = 'xoxb-first';
const saved = { ...process.env };

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const { SecretId } = JSON.parse(body) as { SecretId: string };
      asked.push({ target: String(req.headers['x-amz-target']), secretId: SecretId });
      res.setHeader('content-type', 'application/x-amz-json-1.1');
      res.end(JSON.stringify({ ARN: `arn:aws:secretsmanager:eu-west-1:111111111111:secret:${SecretId}-AbCdEf`, Name: SecretId, SecretString: secretValue }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_SECRETS_MANAGER: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    AWS_ACCESS_KEY_ID: 'test',
    AWS_SECRET_ACCESS_KEY: 'test',
    AWS_REGION: 'eu-west-1',
  });
});

afterAll(async () => {
  process.env = saved;
  await new Promise((resolve) => server.close(resolve));
});

describe('the Slack token', () => {
  it('is the plain variable when set, without asking Secrets Manager', async () => {
    expect(await slackToken({ SLACK_API_TOKEN: 'xoxb-env', SLACK_API_TOKEN_SECRET: 'ignored' })).toBe('xoxb-env');
    expect(asked).toEqual([]);
    expect(slackTokenConfigured({})).toBe(false);
    expect(slackTokenConfigured({ SLACK_API_TOKEN_SECRET: 'sqlscape/slack' })).toBe(true);
    await expect(slackToken({})).rejects.toThrow(/Slack is not configured/);
  });

  it('is read from the named secret, then reused for a few minutes, then read again (a rotated token is picked up)', async () => {
    const env = { SLACK_API_TOKEN_SECRET: 'sqlscape/slack' };
    const t0 = 1_000_000;
    expect(await slackToken(env, t0)).toBe('xoxb-first');
    expect(asked).toEqual([{ target: 'secretsmanager.GetSecretValue', secretId: 'sqlscape/slack' }]);
    secretValue = 'xoxb-rotated';
    expect(await slackToken(env, t0 + SLACK_TOKEN_CACHE_MS - 1)).toBe('xoxb-first');
    expect(asked).toHaveLength(1);
    expect(await slackToken(env, t0 + SLACK_TOKEN_CACHE_MS)).toBe('xoxb-rotated');
    expect(asked).toHaveLength(2);
  });

  it('takes the secret as plain text or as the console’s JSON key/value form', () => {
    expect(tokenOfSecret(' xoxb-1\n')).toBe('xoxb-1');
    expect(tokenOfSecret('{"token":"xoxb-2"}')).toBe('xoxb-2');
    expect(tokenOfSecret('{"SLACK_API_TOKEN":"xoxb-3"}')).toBe('xoxb-3');
    expect(() => tokenOfSecret('{"other":"x"}')).toThrow(/token/);
  });
});
