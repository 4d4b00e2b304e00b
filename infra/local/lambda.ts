// Invokes handler modules in-process the way Lambda would: `functions/handlers/<module>.ts` exporting
// `handler(event, context)`, imported once (a warm container) and given a Lambda-shaped context.
import { existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { InvokeStore, InvokeStoreBase } from '@aws/lambda-invoke-store';
import { runAs } from './iam/invocation';

const HANDLERS_DIR = fileURLToPath(new URL('../../functions/handlers/', import.meta.url));

type Handler = (event: unknown, context: Context) => Promise<unknown> | unknown;

export class MissingHandlerError extends Error {
  constructor(readonly module: string) {
    super(`Handler module functions/handlers/${module}.ts does not exist (yet)`);
  }
}

const loaded = new Map<string, Promise<Handler>>();

export const handlerPath = (module: string) => `${HANDLERS_DIR}${module}.ts`;
export const handlerExists = (module: string) => existsSync(handlerPath(module));

export function loadHandler(module: string): Promise<Handler> {
  if (!/^[A-Za-z0-9_]+$/.test(module)) return Promise.reject(new Error(`Bad handler module name ${module}`));
  let pending = loaded.get(module);
  if (!pending) {
    if (!handlerExists(module)) return Promise.reject(new MissingHandlerError(module));
    pending = import(pathToFileURL(handlerPath(module)).href).then((mod: { handler?: Handler }) => {
      if (typeof mod.handler !== 'function') throw new Error(`functions/handlers/${module}.ts exports no handler`);
      return mod.handler;
    });
    // A failed import (syntax error while someone edits) is retried on the next invocation.
    pending.catch(() => loaded.delete(module));
    loaded.set(module, pending);
  }
  return pending;
}

/**
 * Loads every function's module (as `npm start` does in the background after starting), so the first
 * request to each does not pay for compiling it; answers how many failed (they report on first use).
 */
export async function loadAllHandlers(modules: Iterable<string>): Promise<number> {
  const results = await Promise.allSettled([...modules].map((m) => loadHandler(m)));
  return results.filter((r) => r.status === 'rejected').length;
}

export function lambdaContext(module: string, timeoutSeconds: number, region: string): Context {
  const deadline = Date.now() + timeoutSeconds * 1000;
  const name = `sqlscape-${module}`;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: name,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${region}:000000000000:function:${name}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${name}`,
    logStreamName: `local/${randomUUID()}`,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

// Local invocations of every function share one process and overlap, as on a Lambda Managed Instance
// (AWS_LAMBDA_MAX_CONCURRENCY, set by infra/local/config.ts): each runs in its own InvokeStore context,
// so Powertools keeps each invocation's log keys and metrics apart, as the Lambda runtime does there.
const invokeStore = InvokeStore.getInstanceAsync(true);

export async function invoke(module: string, event: unknown, options: { timeoutSeconds?: number; region?: string } = {}) {
  const handler = await loadHandler(module);
  const context = lambdaContext(module, options.timeoutSeconds ?? 30, options.region ?? 'us-east-1');
  const store = await invokeStore;
  // runAs: the AWS calls the handler makes are checked against this module's role (iam/).
  return runAs(module, () => store.run({ [InvokeStoreBase.PROTECTED_KEYS.REQUEST_ID]: context.awsRequestId }, () => handler(event, context)));
}
