// The local cloud's IAM: each function's role is exactly its grants in infra/aws/accessTable.ts (the
// table CDK builds the roles from), and every AWS call a function makes is allowed only when one of
// them names the call's action on the called resource's kind. Resource kinds are matched by the local
// names of the tables, bucket and queues; a resource of no known kind is granted to no one.
import { grantsOf, MODULE_ACCESS, allows, type Grant, type ModuleAccess, type ResourceKind } from '../../aws/accessTable';
import { ACCOUNT_ID, type LocalNames } from '../config';

export interface ResourceRef {
  /** null: a resource no grant can name (another table, bucket or queue, a dead-letter queue). */
  kind: ResourceKind | null;
  /** The resource's ARN, for the error message. */
  arn: string;
}

export interface Denial {
  /** `User: ... is not authorized to perform: <action> on resource: <arn> ...`, as IAM words it. */
  message: string;
}

export interface LocalIam {
  /** null when `module`'s role allows `action` on `resource`; the denial otherwise. */
  check(module: string, action: string, resource: ResourceRef): Denial | null;
  table(name: string): ResourceRef;
  bucket(name: string, key?: string): ResourceRef;
  queue(name: string): ResourceRef;
  connection(id: string): ResourceRef;
  emailIdentity(identity: string): ResourceRef;
}

export interface LocalIamOptions {
  names: LocalNames;
  region: string;
  /** Replaces MODULE_ACCESS rows (tests take a grant away to see a route fail). */
  moduleAccess?: ModuleAccess;
}

export function localIam({ names, region, moduleAccess }: LocalIamOptions): LocalIam {
  const table = { ...MODULE_ACCESS, ...moduleAccess };
  // Locally no bundle analysis runs: the engines' grants (examples bucket, KMS, Athena) name services the
  // local cloud does not serve, so a module's role here is its capabilities' grants.
  const roles = new Map<string, Grant[]>();
  const roleOf = (module: string) => {
    let grants = roles.get(module);
    if (!grants) roles.set(module, (grants = grantsOf(module, undefined, table)));
    return grants;
  };
  const arn = (service: string, resource: string) => `arn:aws:${service}:${region}:${ACCOUNT_ID}:${resource}`;
  const tableKinds = new Map<string, ResourceKind>([
    [names.tables.main, 'mainTable'],
    [names.tables.connections, 'connectionsTable'],
  ]);
  const workQueues = new Set(Object.values(names.queues).map((q) => q.name));
  return {
    check(module, action, resource) {
      if (resource.kind && allows(roleOf(module), action, resource.kind)) return null;
      return {
        message:
          `User: arn:aws:sts::${ACCOUNT_ID}:assumed-role/sqlscape-${module}-role/sqlscape-${module} is not authorized to perform: ` +
          `${action} on resource: ${resource.arn} because no identity-based policy allows the ${action} action`,
      };
    },
    table: (name) => ({ kind: tableKinds.get(name.split('/')[0]) ?? null, arn: arn('dynamodb', `table/${name}`) }),
    bucket: (name, key) => ({
      kind: name === names.bucket ? (key === undefined ? 'resultsBucket' : 'resultsObjects') : null,
      arn: `arn:aws:s3:::${name}${key === undefined ? '' : `/${key}`}`,
    }),
    queue: (name) => ({ kind: workQueues.has(name) ? 'queues' : null, arn: arn('sqs', name) }),
    connection: (id) => ({ kind: 'webSocketConnections', arn: arn('execute-api', `local/local/POST/@connections/${id}`) }),
    emailIdentity: (identity) => ({ kind: 'emailIdentities', arn: arn('ses', `identity/${identity}`) }),
  };
}
