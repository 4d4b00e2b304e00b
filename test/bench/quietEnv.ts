// First import of a benchmark that runs the local cloud in its own process. Powertools Logger and
// Metrics (functions/observability) read their switches when they are built, at import, which is
// before startLocalCloud applies its env: so they would print an INFO line and EMF metric lines
// (`{"_aws":...}`) for every request and bury the bench's table. Benchmarks run with metrics off and
// warnings only; observability's own cost is measured by costs.bench.ts, which turns them on.
process.env.POWERTOOLS_METRICS_DISABLED = 'true';
process.env.POWERTOOLS_LOG_LEVEL = 'WARN';

export const QUIET_ENV = { POWERTOOLS_METRICS_DISABLED: 'true', POWERTOOLS_LOG_LEVEL: 'WARN' } as const;
