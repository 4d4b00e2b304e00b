// The local cloud runs each function with the grants infra/aws/accessTable.ts gives its role: a wrong
// password is answered 401 and its failure recorded (the security module writes the login throttle's
// items), and the same login fails once that write grant is taken away, as it would on AWS.
import { afterEach, describe, expect, it } from 'vitest';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { KEYS } from '../../shared/resources/keys';
import { startLocalCloud, type LocalCloud } from '../support/localCloud';

let cloud: LocalCloud | undefined;
afterEach(async () => {
  await cloud?.stop();
  cloud = undefined;
});

const wrongLogin = (url: string) =>
  fetch(`${url}/api/v1/security/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'gamma', password: 'wrong', provider: 'db' }),
  });

/** The recorded failed logins of gamma from any address, read as the local cloud's own code (outside any function). */
const failuresOfGamma = async (c: LocalCloud) => {
  const scan = await c.stack.ports.tables.doc.send(
    new ScanCommand({ TableName: c.stack.ports.tables.name('main'), FilterExpression: 'begins_with(pk, :p)', ExpressionAttributeValues: { ':p': KEYS.loginFailures('USER#gamma#IP#') } }),
  );
  return scan.Items ?? [];
};

describe('AWS grants in the local cloud', () => {
  it('answers a wrong password 401 and records the failure under the security role', async () => {
    cloud = await startLocalCloud();
    const res = await wrongLogin(cloud.url);
    expect(res.status).toBe(401);
    expect(await failuresOfGamma(cloud)).toHaveLength(1);
  });

  it('fails the login route when the security role loses its write grant', async () => {
    cloud = await startLocalCloud({ moduleAccess: { security: ['cognitoAuth', 'mainRead'] } });
    const res = await wrongLogin(cloud.url);
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ message: 'Internal server error' });
    expect(await failuresOfGamma(cloud)).toHaveLength(0);
  });
});
