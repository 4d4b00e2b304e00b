// Every statement an engine runs, observed: an X-Ray subsegment `engine.<kind>` (when tracing is on),
// the QueryDuration and RowsReturned metrics by engine, and a sampled debug log line. Applied once to
// each engine when it opens (functions/databases/engines.ts), so SQL Lab, charts and reports share it.
import type { Engine, RunOptions, RunResult } from '../engines/types';
import { logger } from './logger';
import { recordQuery } from './metrics';
import { traced } from './tracer';

const observed = new WeakSet<Engine>();

export function observeEngine<E extends Engine>(engine: E): E {
  if (observed.has(engine)) return engine;
  observed.add(engine);
  const run = engine.run.bind(engine);
  engine.run = (options: RunOptions): Promise<RunResult> =>
    traced(`engine.${engine.kind}`, { engine: engine.kind }, async () => {
      const started = performance.now();
      const result = await run(options);
      const ms = performance.now() - started;
      recordQuery(engine.kind, ms, result.rows.length);
      logger.debug('statement ran', { engine: engine.kind, duration_ms: Math.round(ms), rows: result.rows.length, truncated: result.truncated });
      return result;
    });
  return engine;
}
