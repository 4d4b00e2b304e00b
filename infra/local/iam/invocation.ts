// Which function the current code runs for: lambda.ts runs every invocation inside `runAs(module)`, and
// everything it starts (awaits, timers, promises) inherits it, so an AWS call knows its caller even
// while invocations of several functions overlap in this one process. Code outside any invocation (the
// local cloud's own provisioning and seeding, tests' setup) has no caller.
import { AsyncLocalStorage } from 'node:async_hooks';

const current = new AsyncLocalStorage<string>();

export const runAs = <T>(module: string, work: () => T): T => current.run(module, work);

/** The handler module of the running invocation, if any. */
export const invokingModule = (): string | undefined => current.getStore();
