// `npm start`: the local cloud on http://localhost:8088 (PORT) with data under .data/, until Ctrl-C.
// PORT is the only fixed port: the AWS edge takes a free one (LOCAL_EDGE_PORT pins it), so two stacks
// on two data folders run side by side with nothing but PORT (and LOCAL_DATA_DIR) set.
import { startStack } from './stack';
import { loadAllHandlers } from './lambda';
import { handlerModules } from '../../shared/routes/index';
import { WEBSOCKET_HANDLERS } from '../../shared/resources/index';

// The SDK's Node 20 end-of-support notice repeats in every run and says nothing about this app.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const log = (line: string) => console.log(`[local] ${line}`);
const port = process.env.PORT ? Number(process.env.PORT) : 8088;

try {
  const stack = await startStack({
    dataDir: process.env.LOCAL_DATA_DIR ?? '.data',
    port,
    host: process.env.HOST ?? '127.0.0.1',
    edgePort: process.env.LOCAL_EDGE_PORT ? Number(process.env.LOCAL_EDGE_PORT) : 0,
    buildFrontend: process.env.LOCAL_SKIP_BUILD !== '1',
    examplesCache: process.env.LOCAL_EXAMPLES_CACHE || undefined,
    log,
  });
  const phases = Object.entries(stack.timings)
    .map(([name, ms]) => `${name} ${ms}ms`)
    .join(', ');
  log(`${stack.cold ? 'cold' : 'warm'} start in ${stack.timings.total}ms (${phases})`);
  log(`AWS endpoint ${process.env.AWS_ENDPOINT_URL ?? '(real AWS)'}; data in ${stack.dataDir}`);
  console.log(`\nSqlscape ready at http://localhost:${stack.port}/ (admin/admin)\n`);
  // Load every handler module now, in the background, so the first page does not pay for compiling
  // them one request at a time (Lambda would pay a cold start per function instead).
  const warming = Date.now();
  void loadAllHandlers([...handlerModules, ...Object.values(WEBSOCKET_HANDLERS)]).then((failed) => {
    log(`handlers loaded in ${Date.now() - warming}ms${failed ? ` (${failed} failed: they report on first use)` : ''}`);
  });

  let stoppingSince = 0;
  const shutdown = async (signal: string) => {
    if (stoppingSince) {
      // Ctrl-C reaches every process of the group and npm forwards it again, so one key press can
      // arrive twice; only a later, deliberate second Ctrl-C means "quit now, skip the clean close".
      if (Date.now() - stoppingSince > 1500) process.exit(130);
      return;
    }
    stoppingSince = Date.now();
    log(`${signal}: stopping...`);
    try {
      await stack.stop();
      log('stopped cleanly');
      process.exit(0);
    } catch (error) {
      console.error('[local] stop failed:', error);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
} catch (error) {
  const e = error as NodeJS.ErrnoException;
  if (e.code === 'EADDRINUSE') console.error(`[local] port in use: ${e.message}. Set PORT (or LOCAL_EDGE_PORT if you pinned it).`);
  else console.error('[local] failed to start:', error);
  process.exit(1);
}
