// A handler module's Lambda with its permissions: AppFunction for the defaults, access.ts for grants.
import { ArnFormat, Stack, type Duration } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { grantAccess, type AccessTargets } from './access';
import { AppFunction, type FunctionContext } from './AppFunction';
import type { HandlerEntry } from './handlerEntries';
import { pascal } from './StatefulStack';

export interface HandlerFunctionOptions {
  timeout?: Duration;
  memorySize?: number;
}

export function handlerFunction(
  scope: Construct,
  handler: HandlerEntry,
  context: FunctionContext,
  targets: AccessTargets,
  options: HandlerFunctionOptions = {},
): AppFunction {
  // Functions that open stored passwords are the ones that connect to databases: they run in the VPC.
  const inVpc = context.passwordRevealModules?.has(handler.module) ?? false;
  const fn = new AppFunction(scope, `${pascal(handler.module)}Handler`, { handler, context, inVpc, ...options });
  const slackTokenSecretArn = context.slackTokenSecret ? secretArn(scope, context.slackTokenSecret) : undefined;
  grantAccess(fn.fn, handler.module, { ...targets, reportsEmailFrom: context.reportsEmailFrom, slackTokenSecretArn }, {
    duckdb: context.duckdbModules.has(handler.module),
    athena: context.athenaModules.has(handler.module),
    athenaPolicyArn: context.athenaPolicyArn,
    sealsPasswords: context.passwordSealModules?.has(handler.module) ?? false,
    revealsPasswords: context.passwordRevealModules?.has(handler.module) ?? false,
  });
  return fn;
}

/** A secret's ARN from its ARN or its name (whose ARN ends in six random characters). */
export function secretArn(scope: Construct, nameOrArn: string): string {
  if (nameOrArn.startsWith('arn:')) return nameOrArn;
  return Stack.of(scope).formatArn({ service: 'secretsmanager', resource: 'secret', resourceName: `${nameOrArn}-??????`, arnFormat: ArnFormat.COLON_RESOURCE_NAME });
}
