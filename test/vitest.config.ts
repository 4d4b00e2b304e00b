// Test projects: unit (pure logic and real embedded engines), api (through the local gateway),
// infra (synthesized CloudFormation), e2e (real Chromium against the local stack).
//
// api files share warm worker processes (isolate: false, test/support/workerPerFile.ts gives
// each file fresh project modules and environment); each file still starts its own local cloud
// (startLocalCloud: fresh data folder, free ports), which then takes well under a second. API files run
// two at a time. e2e files run one at a time, each in a process of its own (a warm shared worker made
// SQL Lab's first e2e steps flaky under load, not yet understood), with one Chromium per process and
// a context per launchBrowser().
// infra files read the app synthesized once per run (test/infra/globalSynth.ts).
import { defineConfig } from 'vitest/config';

const warmWorkers = { isolate: false, setupFiles: ['test/support/workerPerFile.ts'] };

export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    // Handlers check every JSON answer against its route's response schema (functions/http/checkResponse.ts).
    // Powertools (functions/observability): warnings and errors only, no EMF lines, unless a test asks.
    env: { CHECK_RESPONSES: '1', POWERTOOLS_LOG_LEVEL: 'WARN', POWERTOOLS_METRICS_DISABLED: 'true' },
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.{ts,tsx}'], testTimeout: 30_000, maxWorkers: 2, sequence: { groupOrder: 0 } } },
      {
        extends: true,
        test: { name: 'api', include: ['test/api/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 180_000, maxWorkers: 2, ...warmWorkers, sequence: { groupOrder: 1 } },
      },
      {
        extends: true,
        test: { name: 'infra', include: ['test/infra/**/*.test.ts'], globalSetup: ['test/infra/globalSynth.ts'], testTimeout: 300_000, hookTimeout: 300_000, maxWorkers: 2, sequence: { groupOrder: 2 } },
      },
      {
        extends: true,
        test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 240_000, fileParallelism: false, sequence: { groupOrder: 3 } },
      },
    ],
  },
});
