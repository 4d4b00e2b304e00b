// A handler module's Lambda with its permissions: AppFunction for the defaults, access.ts for grants.
import type { Duration } from 'aws-cdk-lib';
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
  const fn = new AppFunction(scope, `${pascal(handler.module)}Handler`, { handler, context, ...options });
  grantAccess(fn.fn, handler.module, targets, {
    duckdb: context.duckdbModules.has(handler.module),
    athena: context.athenaModules.has(handler.module),
    athenaPolicyArn: context.athenaPolicyArn,
    sealsPasswords: context.passwordSealModules?.has(handler.module) ?? false,
    revealsPasswords: context.passwordRevealModules?.has(handler.module) ?? false,
  });
  return fn;
}
