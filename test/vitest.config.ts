// Test projects: unit (pure logic and real embedded engines), api (through the local gateway),
// infra (synthesized CloudFormation), e2e (real Chromium against the local stack).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    // Handlers check every JSON answer against its route's response schema (functions/http/checkResponse.ts).
    // Powertools (functions/observability): warnings and errors only, no EMF lines, unless a test asks.
    env: { CHECK_RESPONSES: '1', POWERTOOLS_LOG_LEVEL: 'WARN', POWERTOOLS_METRICS_DISABLED: 'true' },
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.{ts,tsx}'], testTimeout: 30_000 } },
      {
        extends: true,
        test: { name: 'api', include: ['test/api/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 180_000, fileParallelism: false },
      },
      { extends: true, test: { name: 'infra', include: ['test/infra/**/*.test.ts'], testTimeout: 300_000, hookTimeout: 300_000 } },
      {
        extends: true,
        test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 240_000, fileParallelism: false },
      },
    ],
  },
});
