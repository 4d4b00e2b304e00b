// What an operator configures for one deployment (one stage): read from a JSON file (`-c config=FILE`,
// or `npm run deploy -- --config FILE`) and from single CDK context keys (`-c stage=prod`), the context
// winning over the file. Validated here, at synth, so a typo fails before anything is deployed.
// infra/aws/README.md documents every key; test/unit/infra/aws/deployConfig.test.ts checks them.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { parseFeatureFlags } from '../../shared/featureFlags';

const arn = (service: string) => z.string().regex(new RegExp(`^arn:aws[a-z-]*:${service}:`), `an ARN of ${service}`);

export const VpcConfigSchema = z
  .object({
    vpcId: z.string().regex(/^vpc-[0-9a-f]+$/),
    /** Private subnets with a route to the AWS services (NAT gateway or VPC endpoints): see the README. */
    subnetIds: z.array(z.string().regex(/^subnet-[0-9a-f]+$/)).min(1),
    securityGroupIds: z.array(z.string().regex(/^sg-[0-9a-f]+$/)).min(1),
    /** The subnets' availability zones, same order (CDK needs them to import the VPC without a lookup). */
    availabilityZones: z.array(z.string().min(1)).min(1),
  })
  .strict()
  .refine((v) => v.availabilityZones.length === v.subnetIds.length, 'availabilityZones needs one zone per subnet, in the same order');

export const RdsProxyConfigSchema = z
  .object({
    /** The PostgreSQL instance or Aurora cluster the proxy fronts (one of the two). */
    dbInstanceIdentifier: z.string().min(1).optional(),
    dbClusterIdentifier: z.string().min(1).optional(),
    /** The Secrets Manager secret with the database user's username and password (the proxy logs in with it). */
    secretArn: arn('secretsmanager'),
  })
  .strict()
  .refine((p) => Boolean(p.dbInstanceIdentifier) !== Boolean(p.dbClusterIdentifier), 'name dbInstanceIdentifier or dbClusterIdentifier, not both');

const email = z.string().regex(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, 'an email address');

export const DeployConfigSchema = z
  .object({
    /** Several environments in one account: stack names (and so every generated name and export) carry it. */
    stage: z
      .string()
      .regex(/^[a-z][a-z0-9]{0,15}$/, 'lowercase letters and digits, starting with a letter, at most 16')
      .optional(),
    /** Where users open the app, for report links (default: the web stack's URL from the last deploy). */
    webappUrl: z.string().url().optional(),
    /** The From address of report and alert email. */
    reportsEmailFrom: email.optional(),
    /** The SES identity the sender belongs to: an email address or a domain. */
    sesIdentity: z
      .string()
      .regex(/^([^@\s]+@)?[a-z0-9.-]+\.[a-z]{2,}$/i, 'an email address or a domain')
      .optional(),
    /** Reuse an identity verified outside this app instead of creating it. */
    sesIdentityExists: z.boolean().optional(),
    /** Name or ARN of the Secrets Manager secret holding the Slack bot token (plain string). */
    slackTokenSecret: z.string().min(1).optional(),
    /** Feature flags over the defaults of shared/featureFlags.ts, e.g. {"GLOBAL_ASYNC_QUERIES": true}. */
    featureFlags: z.record(z.string(), z.boolean()).optional(),
    /** Managed policy giving Athena queries their S3 access. */
    athenaPolicyArn: arn('iam').optional(),
    /** Functions that connect to databases run in this VPC. */
    vpc: VpcConfigSchema.optional(),
    /** An RDS Proxy in front of a PostgreSQL database in that VPC. */
    rdsProxy: RdsProxyConfigSchema.optional(),
    /** Access logs of the WebSocket stage: set the region's API Gateway CloudWatch role first (README). */
    webSocketAccessLogs: z.boolean().optional(),
    /** A WAF web ACL (scope CLOUDFRONT, made in us-east-1) for the distribution. */
    webAclArn: arn('wafv2').optional(),
    /** Refuse to synthesize with handler modules missing or broken (npm run deploy sets it). */
    strict: z.boolean().optional(),
  })
  .strict()
  .superRefine((c, ctx) => {
    if (c.rdsProxy && !c.vpc) ctx.addIssue({ code: 'custom', path: ['rdsProxy'], message: 'an RDS Proxy needs the vpc settings (its subnets and security groups)' });
    if (c.reportsEmailFrom && c.sesIdentity && !sameIdentity(c.reportsEmailFrom, c.sesIdentity)) {
      ctx.addIssue({ code: 'custom', path: ['sesIdentity'], message: `${c.sesIdentity} cannot send as ${c.reportsEmailFrom} (the address or its domain must be the identity)` });
    }
    if (c.sesIdentity && !c.reportsEmailFrom) ctx.addIssue({ code: 'custom', path: ['reportsEmailFrom'], message: 'an SES identity needs reportsEmailFrom, the address reports are sent from' });
  });

export type DeployConfig = z.infer<typeof DeployConfigSchema>;

/** An identity sends as itself (an address) or as any address of its domain or subdomains. */
export function sameIdentity(from: string, identity: string): boolean {
  const lower = (s: string) => s.toLowerCase();
  if (identity.includes('@')) return lower(from) === lower(identity);
  const domain = lower(from.split('@')[1] ?? '');
  return domain === lower(identity) || domain.endsWith(`.${lower(identity)}`);
}

/** Context keys whose value is JSON (on the command line they arrive as strings). */
const JSON_KEYS = new Set(['featureFlags', 'vpc', 'rdsProxy', 'sesIdentityExists', 'strict', 'webSocketAccessLogs']);

export class DeployConfigError extends Error {}

/**
 * The deployment's configuration: the file named by the `config` context key (if any), then each
 * known context key over it. `context` is `app.node.tryGetContext`.
 */
export function readDeployConfig(context: (key: string) => unknown, readFile: (path: string) => string = (p) => readFileSync(p, 'utf8')): DeployConfig {
  const file = context('config');
  let raw: Record<string, unknown> = {};
  if (typeof file === 'string' && file) {
    try {
      raw = JSON.parse(readFile(file));
    } catch (error) {
      throw new DeployConfigError(`cannot read the deploy config ${file}: ${error instanceof Error ? error.message : error}`);
    }
  }
  for (const key of Object.keys(DeployConfigSchema.shape)) {
    const value = context(key);
    if (value === undefined) continue;
    raw[key] = typeof value === 'string' && JSON_KEYS.has(key) ? parseJsonValue(key, value) : value;
  }
  const parsed = DeployConfigSchema.safeParse(raw);
  if (!parsed.success) {
    throw new DeployConfigError(`invalid deploy config: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(top)'}: ${i.message}`).join('; ')}`);
  }
  // Same reading as the functions', so a flag the app does not know fails here rather than being ignored.
  if (parsed.data.featureFlags) {
    const known = Object.keys(parseFeatureFlags('{}'));
    const unknown = Object.keys(parsed.data.featureFlags).filter((k) => !known.includes(k));
    if (unknown.length > 0) throw new DeployConfigError(`invalid deploy config: featureFlags: unknown flags ${unknown.join(', ')} (known: ${known.join(', ')})`);
  }
  return parsed.data;
}

function parseJsonValue(key: string, value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    throw new DeployConfigError(`invalid deploy config: ${key} must be JSON (got ${value})`);
  }
}

export const STACK_PREFIX = 'Sqlscape';

/** The parts of a deployment, one CloudFormation stack each, in deploy order. */
export const STACK_PARTS = ['Stateful', 'Realtime', 'Handlers', 'Workers', 'Schedule', 'Api', 'Web'] as const;
export type StackPart = (typeof STACK_PARTS)[number];

/** `SqlscapeApi` without a stage, `SqlscapeProdApi` with stage "prod". */
export const stackName = (part: StackPart, stage?: string) => `${STACK_PREFIX}${stage ? stage.charAt(0).toUpperCase() + stage.slice(1) : ''}${part}`;

/** The stacks without data, last deployed first (the order to delete them in). */
export const appStacks = (stage?: string) => [...STACK_PARTS].reverse().filter((p) => p !== 'Stateful').map((p) => stackName(p, stage));
/** The stack with the data, kept by `npm run destroy` unless asked. */
export const statefulStack = (stage?: string) => stackName('Stateful', stage);
