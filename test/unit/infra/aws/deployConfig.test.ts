// Reading the operator's deploy configuration: a file, context keys over it, and refusals that name the key.
import { describe, expect, it } from 'vitest';
import { readDeployConfig, sameIdentity, stackName } from '../../../../infra/aws/deployConfig';

const read = (context: Record<string, unknown>, files: Record<string, string> = {}) =>
  readDeployConfig(
    (key) => context[key],
    (path) => {
      if (!(path in files)) throw new Error(`ENOENT ${path}`);
      return files[path];
    },
  );

describe('deploy config', () => {
  it('reads a file and lets single context keys (strings on the command line) win over it', () => {
    const file = JSON.stringify({ stage: 'dev', reportsEmailFrom: 'r@example.com', sesIdentity: 'example.com', featureFlags: { GLOBAL_ASYNC_QUERIES: true } });
    const config = read({ config: 'dev.json', stage: 'prod', featureFlags: '{"GLOBAL_ASYNC_QUERIES":false}', strict: 'true' }, { 'dev.json': file });
    expect(config).toEqual({ stage: 'prod', reportsEmailFrom: 'r@example.com', sesIdentity: 'example.com', featureFlags: { GLOBAL_ASYNC_QUERIES: false }, strict: true });
    expect(read({})).toEqual({});
  });

  it('refuses what would fail at deploy or at run time, naming the key', () => {
    expect(() => read({ stage: 'Prod_1' })).toThrow(/stage/);
    expect(() => read({ reportsEmailFrom: 'reports@other.org', sesIdentity: 'example.com' })).toThrow(/cannot send as reports@other.org/);
    expect(() => read({ sesIdentity: 'example.com' })).toThrow(/reportsEmailFrom/);
    expect(() => read({ featureFlags: '{"NO_SUCH_FLAG":true}' })).toThrow(/unknown flags NO_SUCH_FLAG/);
    expect(() => read({ featureFlags: 'yes' })).toThrow(/featureFlags must be JSON/);
    expect(() => read({ rdsProxy: { dbInstanceIdentifier: 'db', secretArn: 'arn:aws:secretsmanager:eu-west-1:1:secret:x' } })).toThrow(/needs the vpc/);
    expect(() => read({ vpc: { vpcId: 'vpc-1', subnetIds: ['subnet-1', 'subnet-2'], securityGroupIds: ['sg-1'], availabilityZones: ['a'] } })).toThrow(/one zone per subnet/);
    expect(() => read({ webAclArn: 'arn:aws:iam::1:policy/x' })).toThrow(/webAclArn/);
    expect(() => read({ unknownKey: 'x', config: 'missing.json' })).toThrow(/cannot read the deploy config missing.json/);
    expect(() => read({}, {})).not.toThrow();
  });

  it('refuses keys it does not know in the file, so a typo is not silently ignored', () => {
    expect(() => read({ config: 'c.json' }, { 'c.json': '{"reportEmailFrom":"r@example.com"}' })).toThrow(/reportEmailFrom|Unrecognized/);
  });

  it('sends as an address identity only from that address, and as a domain identity from its addresses and subdomains', () => {
    expect(sameIdentity('Reports@Example.com', 'reports@example.com')).toBe(true);
    expect(sameIdentity('other@example.com', 'reports@example.com')).toBe(false);
    expect(sameIdentity('r@mail.example.com', 'example.com')).toBe(true);
    expect(sameIdentity('r@badexample.com', 'example.com')).toBe(false);
  });

  it('names stacks per stage', () => {
    expect(stackName('Api')).toBe('SqlscapeApi');
    expect(stackName('Api', 'dev')).toBe('SqlscapeDevApi');
  });
});
