// Every handler module the app deploys, with its entry file. The route table, the queues, the
// WebSocket handlers and the schedules name modules; a module whose file does not exist yet (another
// area still being written) is skipped with a warning rather than failing the whole synth.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { handlerModules } from '../../shared/routes/index';
import { QUEUES, SCHEDULES, WEBSOCKET_HANDLERS } from '../../shared/resources/index';

export type ModuleKind = 'http' | 'websocket' | 'worker' | 'deadLetter' | 'schedule' | 'trigger' | 'authorizer';

/** The HTTP API's Lambda authorizer (Bearer token or session cookie). */
export const HTTP_AUTHORIZER_MODULE = 'httpAuthorizer';

export interface HandlerEntry {
  module: string;
  kind: ModuleKind;
  entry: string;
}

/** Every module named anywhere, with the role that invokes it (first role wins for naming). */
export function declaredModules(): { module: string; kind: ModuleKind }[] {
  const out = new Map<string, ModuleKind>();
  const add = (module: string, kind: ModuleKind) => {
    if (!out.has(module)) out.set(module, kind);
  };
  for (const m of handlerModules) add(m, 'http');
  for (const m of Object.values(WEBSOCKET_HANDLERS)) add(m, 'websocket');
  for (const q of Object.values(QUEUES)) {
    add(q.worker, 'worker');
    if ('deadLetterWorker' in q && q.deadLetterWorker) add(q.deadLetterWorker, 'deadLetter');
  }
  for (const s of Object.values(SCHEDULES)) add(s.handler, 'schedule');
  add(HTTP_AUTHORIZER_MODULE, 'authorizer');
  return [...out].map(([module, kind]) => ({ module, kind }));
}

export interface DiscoveredEntries {
  present: Map<string, HandlerEntry>;
  missing: string[];
}

export function discoverEntries(handlersDir: string, warn: (message: string) => void = console.warn): DiscoveredEntries {
  const present = new Map<string, HandlerEntry>();
  const missing: string[] = [];
  for (const { module, kind } of declaredModules()) {
    const entry = join(handlersDir, `${module}.ts`);
    if (existsSync(entry)) present.set(module, { module, kind, entry });
    else missing.push(module);
  }
  if (missing.length > 0) {
    warn(`[infra] skipping handler modules without a file in ${handlersDir}: ${missing.join(', ')} (their routes and triggers are not deployed)`);
  }
  return { present, missing };
}
