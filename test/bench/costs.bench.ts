// The per-call figures of docs/COST.md, measured on the local cloud (run: node --import tsx test/bench/costs.bench.ts):
// for a SQL Lab query, a chart load (cache miss and hit) and a report run, per call: Lambda invocations
// by function, their durations (the `request` / `batch` / `tick` log lines), DynamoDB reads and writes,
// S3 puts and gets, SQS sends, SES sends and @connections posts (every AWS SDK call a function makes,
// counted inside its invocation), and the bytes of log lines (JSON logs + EMF) it prints.
// Also the per-request cost of the Powertools stack itself (middy with and without it, in-process).
import { randomUUID } from 'node:crypto';
import { fmt, median, printTable } from './support';

// Deployed settings: INFO logs as JSON and EMF metrics on, so the log volume is what CloudWatch would get.
Object.assign(process.env, { POWERTOOLS_LOG_LEVEL: 'INFO', SQLSCAPE_LOG_FORMAT: 'json', POWERTOOLS_METRICS_DISABLED: 'false', CHECK_RESPONSES: '0' });
const RUNS = Number(process.env.BENCH_RUNS ?? 10);

const { S3Client } = await import('@aws-sdk/client-s3');
const { startLocalCloud } = await import('../support/localCloud');
const { invoke } = await import('../../infra/local/lambda');
const { findReport } = await import('../../functions/reports/repository');
const { client } = await import('../api/sqllabHelpers');

// Every SDK client's send goes through smithy's Client.prototype.send: count the calls made inside a
// local invocation (the InvokeStore context infra/local/lambda.ts opens), by request id.
type Calls = Map<string, number>;
const callsByRequest = new Map<string, Calls>();
const smithyClient = Object.getPrototypeOf(S3Client.prototype) as { send: (this: object, command: object, ...rest: unknown[]) => unknown };
const send = smithyClient.send;
smithyClient.send = function (this: object, command: object, ...rest: unknown[]) {
  const store = (globalThis as { awslambda?: { InvokeStore?: { getRequestId(): string } } }).awslambda?.InvokeStore;
  const id = store?.getRequestId() ?? '-';
  if (id !== '-') {
    const key = `${this.constructor.name.replace(/Client$/, '')}.${command.constructor.name.replace(/Command$/, '')}`;
    const calls = callsByRequest.get(id) ?? new Map();
    calls.set(key, (calls.get(key) ?? 0) + 1);
    callsByRequest.set(id, calls);
  }
  return send.call(this, command, ...rest);
};

// Lines the functions print (Powertools JSON logs and EMF), kept while a scenario runs.
let captured: string[] = [];
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
  const text = String(chunk);
  if (text.startsWith('{')) {
    captured.push(...text.split('\n').filter(Boolean));
    return true;
  }
  return (write as (c: string | Uint8Array, ...r: unknown[]) => boolean)(chunk, ...rest);
}) as typeof process.stdout.write;

interface Invocation {
  fn: string;
  durationMs: number;
}
interface Sample {
  invocations: Invocation[];
  calls: Map<string, number>;
  logBytes: number;
}

/** What the invocations of these functions did while `run` ran (other functions, e.g. polling, are left out). */
async function measure(functions: string[], run: () => Promise<unknown>): Promise<Sample> {
  captured = [];
  callsByRequest.clear();
  await run();
  const lines = captured.map((l) => JSON.parse(l) as Record<string, unknown>);
  const fnOf = new Map<string, string>();
  for (const l of lines) if (typeof l.function_request_id === 'string') fnOf.set(l.function_request_id, String(l.function_name).replace(/^sqlscape-/, ''));
  const ours = new Set([...fnOf].filter(([, fn]) => functions.includes(fn)).map(([id]) => id));
  const invocations = lines
    .filter((l) => ours.has(String(l.function_request_id)) && ['request', 'batch', 'tick'].includes(String(l.message)))
    .map((l) => ({ fn: fnOf.get(String(l.function_request_id))!, durationMs: Number(l.duration_ms) }));
  const calls = new Map<string, number>();
  for (const [id, c] of callsByRequest) if (ours.has(id)) for (const [k, n] of c) calls.set(k, (calls.get(k) ?? 0) + n);
  // EMF lines carry no request id: they count with the lines of the scenario's functions by timing.
  const logBytes = lines.filter((l) => l._aws || ours.has(String(l.function_request_id))).reduce((n, l) => n + JSON.stringify(l).length + 1, 0);
  return { invocations, calls, logBytes };
}

function summarize(name: string, samples: Sample[]) {
  const per = (f: (s: Sample) => number) => samples.reduce((n, s) => n + f(s), 0) / samples.length;
  const fns = [...new Set(samples.flatMap((s) => s.invocations.map((i) => i.fn)))];
  const keys = [...new Set(samples.flatMap((s) => [...s.calls.keys()]))].sort();
  const row: Record<string, string | number> = { scenario: name };
  for (const fn of fns) {
    row[`${fn} invocations`] = fmt(per((s) => s.invocations.filter((i) => i.fn === fn).length), 2);
    row[`${fn} ms (median)`] = fmt(median(samples.flatMap((s) => s.invocations.filter((i) => i.fn === fn).map((i) => i.durationMs))), 0);
  }
  for (const k of keys) row[k] = fmt(per((s) => s.calls.get(k) ?? 0), 2);
  row['log KB'] = fmt(per((s) => s.logBytes) / 1024, 2);
  return row;
}

const cloud = await startLocalCloud({ env: { POWERTOOLS_LOG_LEVEL: 'INFO', SQLSCAPE_LOG_FORMAT: 'json', POWERTOOLS_METRICS_DISABLED: 'false', CHECK_RESPONSES: '0' } });
const rows: Record<string, string | number>[] = [];
try {
  const { call } = client(() => cloud);
  const token = await cloud.login('admin', 'admin');
  const datasetId = (await call('/api/v1/dataset/get_or_create/', { method: 'POST', token, json: { database_id: 1, table_name: 'flights_10k', schema: 'main' } })).body.result.table_id as number;
  const chartBody = (force: boolean) => ({
    datasource: { id: datasetId, type: 'table' },
    queries: [{ columns: ['origin'], metrics: ['count'], orderby: [['count', false]], row_limit: 100 }],
    result_type: 'full',
    result_format: 'json',
    force,
  });
  const repeat = async (fns: string[], run: () => Promise<unknown>) => {
    await run(); // warm-up: the function's first invocation is a cold start
    const out: Sample[] = [];
    for (let i = 0; i < RUNS; i++) out.push(await measure(fns, run));
    return out;
  };

  rows.push(summarize('SQL Lab query (sync)', await repeat(['sqllab'], () =>
    call('/api/v1/sqllab/execute/', { method: 'POST', token, json: { database_id: 1, sql: 'SELECT origin, count(*) AS n FROM main.flights_10k GROUP BY 1', client_id: randomUUID().slice(0, 10) } }),
  )));
  rows.push(summarize('chart load, cache miss', await repeat(['chartData'], () => call('/api/v1/chart/data', { method: 'POST', token, json: chartBody(true) }))));
  rows.push(summarize('chart load, cache hit', await repeat(['chartData'], () => call('/api/v1/chart/data', { method: 'POST', token, json: chartBody(false) }))));

  // A chart report by email: the tick that starts it and the worker that renders and sends it.
  const params = { viz_type: 'echarts_timeseries_bar', datasource: `${datasetId}__table`, x_axis: 'origin', metrics: ['count'], groupby: [], row_limit: 100 };
  const chart = await call('/api/v1/chart/', { method: 'POST', token, json: { slice_name: 'Flights by origin', viz_type: 'echarts_timeseries_bar', datasource_id: datasetId, datasource_type: 'table', params: JSON.stringify(params) } });
  const report = await call('/api/v1/report/', {
    method: 'POST',
    token,
    json: { type: 'Report', name: 'Cost bench', crontab: '* * * * *', chart: chart.body.id, creation_method: 'charts', recipients: [{ type: 'Email', recipient_config_json: { target: 'team@example.com' } }] },
  });
  const reportId = report.body.id as number;
  const runReport = async () => {
    const due = (await findReport(cloud.stack.ports, reportId))!.next_run!;
    await invoke('scheduler', { time: new Date(due).toISOString() });
    const deadline = Date.now() + 60_000;
    while (!captured.some((l) => l.includes('"message":"batch"') && l.includes('sqlscape-reportWorker'))) {
      if (Date.now() > deadline) throw new Error('the report worker did not run');
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  rows.push(summarize('report run (chart PNG by email)', await repeat(['scheduler', 'reportWorker'], runReport)));
} finally {
  await cloud.stop();
}

for (const row of rows) printTable(String(row.scenario), [row]);

// The Powertools stack per request, in-process: the same middy handler with and without it.
const { default: middy } = await import('@middy/core');
const { observability } = await import('../../functions/observability/middleware');
const { httpObservation } = await import('../../functions/observability/httpObservation');
const { logger } = await import('../../functions/observability/logger');
const { printTo } = await import('../../functions/observability/logOutput');
const { metrics } = await import('../../functions/observability/metrics');
const noop = () => undefined;
const sink = { log: noop, info: noop, debug: noop, trace: noop, warn: noop, error: noop };
printTo(logger, sink);
printTo(metrics, sink);
const event = { rawPath: '/api/v1/chart/data', requestContext: { http: { method: 'POST' }, requestId: 'r' } };
const context = { awsRequestId: 'r', functionName: 'bench', memoryLimitInMB: '1024' };
const answer = async () => ({ statusCode: 200, body: '{}' });
const bare = middy().handler(answer);
const observed = middy().use(observability()).use(httpObservation()).handler(answer);
const perCallUs = async (h: (e: unknown, c: unknown) => Promise<unknown>, n = 20_000) => {
  for (let i = 0; i < 2_000; i++) await h(event, context);
  const t = performance.now();
  for (let i = 0; i < n; i++) await h(event, context);
  return ((performance.now() - t) / n) * 1000;
};
const stack = (level: string) => async () => {
  logger.setLogLevel(level as 'INFO');
  return perCallUs(observed as never);
};
const base = await perCallUs(bare as never);
printTable('Powertools per request (in-process, µs per call; lines built and serialized, then dropped)', [
  { handler: 'middy, no Powertools', 'µs/call': fmt(base, 2) },
  { handler: 'Powertools: request log line + EMF flush (as deployed)', 'µs/call': fmt(await stack('INFO')(), 2) },
  { handler: 'Powertools: EMF flush, no INFO line (WARN)', 'µs/call': fmt(await stack('WARN')(), 2) },
]);
process.exit(0);
