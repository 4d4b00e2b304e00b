// cdk-nag (AwsSolutions-IAM5) acknowledgements for the wildcard resources infra/aws/access.ts grants on
// purpose, each rule with its reason. cdk-nag 3 acknowledges a finding only by its exact id
// (`AwsSolutions-IAM5[Resource::<flattened resource>]`), and these ids embed the cross-stack export
// names CDK writes while it synthesizes; so they are acknowledged on the synthesized tree, before the
// pack validates it: each policy's resolved document is flattened the way cdk-nag flattens it, and a
// wildcard resource that matches a rule below is acknowledged with the rule's reason. Anything else
// stays a finding.
import { Stack, Validations } from 'aws-cdk-lib';
import { CfnPolicy } from 'aws-cdk-lib/aws-iam';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';
import type { IConstruct } from 'constructs';

interface WildcardGrant {
  /** Matches the flattened resource (what follows `Resource::` in the finding id). */
  resource: RegExp;
  reason: string;
}

export const WILDCARD_GRANTS: readonly WildcardGrant[] = [
  {
    resource: /\/index\/\*$/,
    reason: "Queries read the single table's global secondary indexes (gsi1-3): DynamoDB names an index only under <table>/index/<name>, and every index of this table is the app's own",
  },
  {
    resource: /Bucket[0-9A-F]+.*\/\*$/,
    reason: 'Object keys of one of the app\'s own buckets (query results and exports, the examples file, the web app): keys are made at run time (query ids, report runs), so the grant names the bucket and any key in it',
  },
  {
    resource: /@connections\/\*$/,
    reason: "Posting to the app's own WebSocket API connections: a connection id exists only at run time, so the grant names the API's stage and @connections/*",
  },
  {
    resource: /:ses:.*identity\/\*$/,
    reason: 'Sending report emails through SES from the configured sender: SES checks the From and recipient identities of each send, which are not known when the stack is built',
  },
  {
    resource: /:(athena|glue):/,
    reason: 'Athena databases read the Glue catalog, work groups and tables a database connection names at run time (its URI), not at deploy time',
  },
  {
    resource: /:s3:::cdk-[a-z0-9]+-assets-/,
    reason: "The CDK bootstrap asset bucket a BucketDeployment copies the built web app from (CDK's own grant, used only during deploys)",
  },
];

const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** The wildcard resources of a policy as cdk-nag names them (allow statements only, as it checks). */
function wildcardResources(policy: CfnPolicy): string[] {
  const document = Stack.of(policy).resolve(policy.policyDocument) as { Statement?: { Effect?: string; Resource?: unknown }[] };
  return (document.Statement ?? [])
    .filter((s) => s.Effect === 'Allow')
    .flatMap((s) => asArray(s.Resource))
    .map(flattenCfnReference)
    .filter((r) => r.includes('*'));
}

/** Acknowledges the IAM5 findings of every policy under `root` that a rule above covers; returns them. */
export function acknowledgeWildcardGrants(root: IConstruct): string[] {
  const acknowledged: string[] = [];
  for (const node of root.node.findAll()) {
    if (!(node instanceof CfnPolicy)) continue;
    for (const resource of new Set(wildcardResources(node))) {
      const grant = WILDCARD_GRANTS.find((g) => g.resource.test(resource));
      if (!grant) continue;
      const id = `AwsSolutions-IAM5[Resource::${resource}]`;
      Validations.of(node).acknowledge({ id, reason: grant.reason });
      acknowledged.push(id);
    }
  }
  return acknowledged;
}
