// The HTTP API and its functions: authorization per route, runtime defaults, environment and least
// privilege, read from the synthesized templates.
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { deployedRouteKey } from '../../infra/aws/httpRoutes';
import { API_FUNCTION_TIMEOUT_SECONDS, BUCKETS, FUNCTION_ENV, QUEUES, TABLES } from '../../shared/resources/index';
import { routes } from '../../shared/routes/index';
import { API_THROTTLE } from '../../infra/aws/ApiStack';
import { CREDENTIAL_HEADER } from '../../functions/platform/auth/credentialHeader';
import { actionsOf, ENGINE_STUB_MODULES, functionIdOf, PASSWORD_SEAL_STUB_MODULES } from './synthApp';
import { synthesized, type Synthesized } from './synthesized';

let t: Synthesized['templates'];
let warnings: string[];

beforeAll(async () => {
  ({ templates: t, warnings } = await synthesized('app'));
});

/** The template holding a module's function: the HTTP functions' stack, else the workers'. */
const home = (module: string) =>
  Object.keys(t.handlers.findResources('AWS::Lambda::Function')).some((id) => id.startsWith(`${module.charAt(0).toUpperCase()}${module.slice(1)}HandlerFunction`))
    ? t.handlers
    : t.workers;
const fnId = (module: string) => functionIdOf(home(module), module);
const fnOf = (module: string) => home(module).findResources('AWS::Lambda::Function')[fnId(module)];
const actions = (module: string) => actionsOf(home(module), fnId(module));

const routeResources = () =>
  Object.values(t.api.findResources('AWS::ApiGatewayV2::Route')).map((r) => r.Properties as { RouteKey: string; AuthorizationType: string; AuthorizerId?: unknown });

describe('HTTP API routes', () => {
  it('deploys every route of the table', () => {
    const keys = new Set(routeResources().map((r) => r.RouteKey));
    for (const route of routes) expect(keys, route.name).toContain(deployedRouteKey(route));
  });

  it('puts the Lambda authorizer (Bearer token or session cookie) on every non-public route', () => {
    const byKey = new Map(routeResources().map((r) => [r.RouteKey, r]));
    for (const route of routes.filter((r) => !r.public)) {
      const deployed = byKey.get(deployedRouteKey(route))!;
      expect(deployed.AuthorizationType, route.name).toBe('CUSTOM');
      expect(deployed.AuthorizerId, route.name).toBeDefined();
    }
  });

  it('leaves health, login (API and form), refresh, logout, the event log (beacons) and the SQL Lab form post open, and only them', () => {
    const open = routeResources().filter((r) => r.AuthorizationType === 'NONE');
    expect(open.map((r) => r.RouteKey).sort()).toEqual([
      'GET /health',
      'GET /login',
      'GET /logout',
      'GET /superset/login',
      'POST /api/v1/security/login',
      'POST /api/v1/security/refresh',
      'POST /login',
      'POST /sqllab',
      'POST /superset/log',
      'POST /superset/login',
      'POST /superset/sqllab',
    ]);
    for (const r of open) expect(r.AuthorizerId).toBeUndefined();
  });

  it('authorizes with the httpAuthorizer function: simple responses cached for 5 minutes by the credential header CloudFront writes', () => {
    t.api.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'REQUEST',
      AuthorizerPayloadFormatVersion: '2.0',
      EnableSimpleResponses: true,
      AuthorizerResultTtlInSeconds: 300,
      IdentitySource: [`$request.header.${CREDENTIAL_HEADER}`],
    });
    const [authorizer] = Object.values(t.api.findResources('AWS::ApiGatewayV2::Authorizer'));
    expect(JSON.stringify(authorizer.Properties.AuthorizerUri)).toMatch(/HttpAuthorizerHandlerFunction/);
  });

  it('throttles the stage (rate and burst) so a burst answers 429 before it reaches the functions', () => {
    t.api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      DefaultRouteSettings: { ThrottlingRateLimit: API_THROTTLE.rateLimit, ThrottlingBurstLimit: API_THROTTLE.burstLimit },
    });
  });
});

describe('stacks', () => {
  /** CloudFormation refuses a template past 500 resources; 400 leaves room to grow. */
  const LIMIT = 400;
  /** The next 50 routes are a resource each; say they bring 10 new modules, each an integration and an invoke permission (and a function of 4 resources in the handlers' stack). */
  const NEXT_ROUTES = 50;
  const NEXT_MODULES = 10;

  it('keep every stack under 400 resources, with room for 50 more routes and 10 more modules', () => {
    for (const [name, template] of Object.entries(t)) {
      const count = Object.keys(template.toJSON().Resources).length;
      expect(count, name).toBeLessThan(LIMIT);
    }
    expect(Object.keys(t.api.toJSON().Resources).length + NEXT_ROUTES + 2 * NEXT_MODULES, 'api').toBeLessThan(LIMIT);
    expect(Object.keys(t.handlers.toJSON().Resources).length + 4 * NEXT_MODULES, 'handlers').toBeLessThan(LIMIT);
  });

  it('create no region-wide setting (AWS::ApiGateway::Account would outlive the app, pointing at a deleted role)', () => {
    for (const [name, template] of Object.entries(t)) expect(Object.keys(template.findResources('AWS::ApiGateway::Account')), name).toEqual([]);
  });
});

describe('functions', () => {
  const appStacks = (): Template[] => [t.stateful, t.realtime, t.handlers, t.workers, t.api, t.schedule];

  it('run Node.js 22 on arm64 with source maps', () => {
    for (const template of appStacks()) {
      for (const [id, fn] of Object.entries(template.findResources('AWS::Lambda::Function'))) {
        expect(fn.Properties.Runtime, id).toBe('nodejs22.x');
        expect(fn.Properties.Architectures, id).toEqual(['arm64']);
        expect(fn.Properties.LoggingConfig?.LogGroup, id).toBeDefined();
      }
    }
  });

  it('get every variable getPorts() requires', () => {
    const required = [
      ...Object.values(TABLES).map((d) => d.env),
      ...Object.values(QUEUES).map((d) => d.env),
      BUCKETS.results.env,
      FUNCTION_ENV.wsCallbackUrl,
      FUNCTION_ENV.cognitoUserPoolId,
      FUNCTION_ENV.cognitoClientId,
      FUNCTION_ENV.examplesS3Bucket,
      FUNCTION_ENV.examplesS3Key,
      FUNCTION_ENV.databaseKmsKeyId,
    ];
    for (const template of [t.realtime, t.handlers, t.workers, t.schedule]) {
      for (const [id, fn] of Object.entries(template.findResources('AWS::Lambda::Function'))) {
        const vars = fn.Properties.Environment.Variables as Record<string, unknown>;
        for (const name of required) expect(vars, `${id} ${name}`).toHaveProperty(name);
        expect(vars[FUNCTION_ENV.authMode]).toBe('cognito');
        expect(vars).not.toHaveProperty(FUNCTION_ENV.localJwtSecret);
        expect(vars).not.toHaveProperty(FUNCTION_ENV.localDatabaseKeyFile);
        // Without -c webappUrl (and no earlier deploy): Superset's default, and synth says so.
        expect(vars).not.toHaveProperty(FUNCTION_ENV.webappUrl);
      }
    }
    expect(warnings.join('\n')).toContain('-c webappUrl=');
  });

  it('end API functions before the HTTP API gives up (30 s), with the time local runs get too; workers run longer', () => {
    expect(fnOf('sqllab').Properties.Timeout).toBe(API_FUNCTION_TIMEOUT_SECONDS);
    expect(API_FUNCTION_TIMEOUT_SECONDS).toBeLessThan(30);
    expect(fnOf(QUEUES.queries.worker).Properties.Timeout).toBe(QUEUES.queries.workerTimeoutSeconds);
  });

  it('give the DuckDB and engine parsers layers only to functions whose bundle loads them', () => {
    const layers = t.workers.findResources('AWS::Lambda::LayerVersion');
    const layerId = (prefix: string) => Object.keys(layers).find((id) => id.startsWith(prefix));
    expect(Object.keys(layers)).toHaveLength(2);
    for (const module of ENGINE_STUB_MODULES) {
      expect(fnOf(module).Properties.Layers, module).toEqual([{ Ref: layerId('DuckdbLayer') }, { Ref: layerId('EngineParsersLayer') }]);
    }
    expect(fnOf('health').Properties.Layers).toBeUndefined();
    expect(t.handlers.findResources('AWS::Lambda::LayerVersion')).toEqual({});
    // The function npm run deploy invokes to load the native layer once on Lambda: the layer and nothing else.
    const smokeId = Object.keys(t.workers.findResources('AWS::Lambda::Function')).find((id) => id.startsWith('NativeLayerSmokeFunction'))!;
    const smoke = t.workers.findResources('AWS::Lambda::Function')[smokeId];
    expect(smoke.Properties.Layers).toEqual([{ Ref: layerId('DuckdbLayer') }]);
    expect(t.workers.toJSON().Outputs.NativeLayerSmokeFunction.Value).toEqual({ Ref: smokeId });
    expect(actionsOf(t.workers, smokeId).filter((a) => !a.startsWith('xray:'))).toEqual([]);
    expect(layers[layerId('EngineParsersLayer')!].Properties.CompatibleArchitectures).toEqual(['arm64', 'x86_64']);
  });
});

describe('least privilege', () => {
  it('lets the security function call Cognito InitiateAuth', () => {
    expect(actions('security')).toContain('cognito-idp:InitiateAuth');
  });

  it('gives health no data access at all', () => {
    const granted = actions('health');
    expect(granted.filter((a) => /^(dynamodb|s3|sqs|cognito-idp|execute-api):/.test(a))).toEqual([]);
  });

  it('keeps Cognito, queues and WebSocket pushes to the functions that need them', () => {
    const me = actions('me');
    expect(me).not.toContain('cognito-idp:InitiateAuth');
    expect(me).not.toContain('dynamodb:PutItem');
    expect(me.some((a) => a.startsWith('sqs:'))).toBe(false);
    const worker = actions(QUEUES.queries.worker);
    expect(worker).toContain('execute-api:ManageConnections');
    expect(worker).toContain('dynamodb:PutItem');
    expect(actions('health')).not.toContain('execute-api:ManageConnections');
  });

  it('lets only functions that load the Athena client run Athena queries', () => {
    for (const module of ENGINE_STUB_MODULES) expect(actions(module)).toContain('athena:StartQueryExecution');
    expect(actions('health')).not.toContain('athena:StartQueryExecution');
  });

  it('lets functions that save connections take data keys, those that connect decrypt, and no other use the passwords key', () => {
    const kmsActions = (module: string) => actions(module).filter((a) => a.startsWith('kms:'));
    for (const module of PASSWORD_SEAL_STUB_MODULES) expect(kmsActions(module), module).toEqual(['kms:GenerateDataKey']);
    for (const module of ENGINE_STUB_MODULES) expect(kmsActions(module), module).toEqual(['kms:Decrypt']);
    for (const module of ['health', 'me', 'security', 'tags']) expect(kmsActions(module), module).toEqual([]);
    const keyPolicies = [t.handlers, t.workers]
      .flatMap((template) => Object.values(template.findResources('AWS::IAM::Policy')))
      .flatMap((p) => p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[])
      .filter((st) => [st.Action].flat().some((a) => a.startsWith('kms:')));
    expect(keyPolicies.length).toBeGreaterThan(0);
    // Every KMS grant names the passwords key (imported from the stateful stack), never '*'.
    for (const st of keyPolicies) expect(JSON.stringify(st.Resource)).toMatch(/DatabasePasswordsKey/);
  });

  it('lets only enqueueing modules send to the queues', () => {
    const senders = Object.keys(t.handlers.findResources('AWS::Lambda::Function')).filter((id) => actionsOf(t.handlers, id).includes('sqs:SendMessage'));
    expect(senders.length).toBeGreaterThan(0);
    expect(senders).not.toContain(fnId('health'));
    expect(senders).not.toContain(fnId('security'));
  });

  it('lets only the reports worker send email, and gives it room to render (memory, time, its queue)', () => {
    const worker = fnId(QUEUES.reports.worker);
    expect(actions(QUEUES.reports.worker)).toEqual(expect.arrayContaining(['ses:SendEmail', 'ses:SendRawEmail']));
    expect(actions('reports')).not.toContain('ses:SendEmail');
    expect(actions(QUEUES.queries.worker)).not.toContain('ses:SendEmail');
    const fn = fnOf(QUEUES.reports.worker);
    expect(fn.Properties.MemorySize).toBeGreaterThanOrEqual(2048);
    // The native layer: resvg's linux-arm64 binding, pdfkit and the DejaVu fonts (bundling.test.ts draws a report from it).
    const nativeLayer = Object.keys(t.workers.findResources('AWS::Lambda::LayerVersion')).find((id) => id.startsWith('DuckdbLayer'));
    expect(fn.Properties.Layers).toContainEqual({ Ref: nativeLayer });
    expect(fn.Properties.Architectures).toEqual(['arm64']);
    expect(fn.Properties.Timeout).toBe(QUEUES.reports.workerTimeoutSeconds);
    const sources = Object.values(t.workers.findResources('AWS::Lambda::EventSourceMapping')).filter((m) => JSON.stringify(m.Properties.FunctionName).includes(worker));
    expect(sources).toHaveLength(1);
    expect(sources[0].Properties.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
  });
});
