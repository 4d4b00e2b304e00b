// Chart data benchmark against the local cloud (run: node --import tsx test/bench/charts.bench.ts).
//   1. cold chart data (force=true) / the same SQL run raw on the DuckDB engine in-process, for a
//      GROUP BY over flights_3m, a P1D time series over a year of seattle_weather and a 10k-row table
//      (target ratio <= 1.5 each)
//   2. the cached answer (second identical request): median ms (target <= 15) and cold / cached (>= 5)
//   3. async (GLOBAL_ASYNC_QUERIES on): 202 -> done event over the WebSocket, minus the raw query
//      (target < 150 ms median)
//   4. for reference, the request floor: GET /api/v1/me/ through the same gateway (token check, one
//      table read), what any answer costs before the chart data path does anything
// Medians of N paired runs after warm-up; prints a table with verdicts, never fails on a miss.
// First: Powertools' switches are read at import (quietEnv.ts).
import { QUIET_ENV } from './quietEnv';
import { Agent, request } from 'node:http';
import WebSocket from 'ws';
import { startLocalCloud, type LocalCloud } from '../support/localCloud';
import { engineFor } from '../../functions/databases/engines';
import { getDatabase } from '../../functions/databases/repository';
import { ticketedSocketUrl } from '../support/wsTicket';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const WARMUP = 2;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const time = async (fn: () => Promise<unknown>) => {
  const t = performance.now();
  await fn();
  return performance.now() - t;
};

async function client(cloud: LocalCloud) {
  const token = await cloud.login('admin', 'admin');
  const agent = new Agent({ keepAlive: true });
  const base = new URL(cloud.url);
  const get = (path: string) =>
    new Promise<void>((resolve, reject) => {
      const req = request({ host: base.hostname, port: base.port, path, method: 'GET', agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
        res.resume();
        res.on('end', () => ((res.statusCode ?? 0) === 200 ? resolve() : reject(new Error(`${path} -> ${res.statusCode}`))));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
  const post = (path: string, json: unknown) =>
    new Promise<{ status: number; body: any }>((resolve, reject) => {
      const body = JSON.stringify(json);
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) };
      const req = request({ host: base.hostname, port: base.port, path, method: 'POST', agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if ((res.statusCode ?? 0) >= 300 && res.statusCode !== 202) reject(new Error(`${path} -> ${res.statusCode} ${text.slice(0, 300)}`));
          else resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  const dataset = async (table: string) => (await post('/api/v1/dataset/get_or_create/', { database_id: 1, table_name: table, schema: 'main' })).body.result.table_id as number;
  const engine = await engineFor(await getDatabase(cloud.stack.ports, 1));
  return { token, agent, get, post, dataset, engine };
}

const CASES = [
  {
    name: 'GROUP BY flights_3m',
    table: 'flights_3m',
    query: { columns: ['origin'], metrics: ['count', { expressionType: 'SIMPLE', column: { column_name: 'delay' }, aggregate: 'AVG', label: 'AVG(delay)' }], orderby: [['count', false]], row_limit: 1000 },
  },
  {
    name: 'P1D series, a year',
    table: 'seattle_weather',
    query: {
      columns: [{ sqlExpression: 'date', label: 'date', columnType: 'BASE_AXIS', timeGrain: 'P1D', expressionType: 'SQL' }],
      metrics: [{ expressionType: 'SIMPLE', column: { column_name: 'temp_max' }, aggregate: 'MAX', label: 'MAX(temp_max)' }],
      time_range: '2014-01-01 : 2015-01-01',
      granularity: 'date',
      row_limit: 10000,
    },
  },
  { name: '10k-row table', table: 'flights_10k', query: { columns: ['date', 'delay', 'distance', 'origin', 'destination'], metrics: [], row_limit: 10000 } },
];

const rows: string[] = [];
let floorLine = '';
// Response schema checks are a test aid (CHECK_RESPONSES=1 in test clouds), not part of the product.
// Request log lines and EMF metrics off (costs.bench.ts measures what the Powertools stack costs a request).
const BENCH_ENV = { CHECK_RESPONSES: '0', ...QUIET_ENV };
const cloud = await startLocalCloud({ env: BENCH_ENV });
try {
  const api = await client(cloud);
  for (const c of CASES) {
    const id = await api.dataset(c.table);
    const body = (force: boolean) => ({ datasource: { id, type: 'table' }, queries: [{ ...c.query }], result_type: 'full', result_format: 'json', force });
    const sql = (await api.post('/api/v1/chart/data', { ...body(false), result_type: 'query' })).body.result[0].query as string;
    const raw = () => api.engine.run({ sql, limit: 100_000, timeoutMs: 60_000 });
    for (let i = 0; i < WARMUP; i++) await (await raw(), api.post('/api/v1/chart/data', body(true)));
    const raws: number[] = [];
    const colds: number[] = [];
    const ratios: number[] = [];
    /** Cold minus raw per pair: what the request path adds to the query (printed for reference). */
    const overheads: number[] = [];
    const cached: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const r = await time(raw);
      const a = await time(() => api.post('/api/v1/chart/data', body(true)));
      const h = await time(async () => {
        const res = await api.post('/api/v1/chart/data', body(false));
        if (!res.body.result[0].is_cached) throw new Error('second request was not a cache hit');
      });
      raws.push(r);
      colds.push(a);
      ratios.push(a / r);
      overheads.push(a - r);
      cached.push(h);
    }
    const ratio = median(ratios);
    const hit = median(cached);
    const speedup = median(colds) / hit;
    rows.push(
      `${c.name.padEnd(22)} ${median(raws).toFixed(1).padStart(8)} ${median(colds).toFixed(1).padStart(8)} ${ratio.toFixed(2).padStart(6)} ${ratio <= 1.5 ? 'met   ' : 'MISSED'}` +
        ` ${hit.toFixed(1).padStart(8)} ${hit <= 15 ? 'met   ' : 'MISSED'} ${speedup.toFixed(1).padStart(7)}x ${speedup >= 5 ? 'met   ' : 'MISSED'}` +
        ` ${median(overheads).toFixed(1).padStart(9)}`,
    );
  }
  const floor: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const ms = await time(() => api.get('/api/v1/me/'));
    if (i >= WARMUP) floor.push(ms);
  }
  floorLine = `request floor, GET /api/v1/me/ (gateway, token, one table read): median ${median(floor).toFixed(1)} ms`;
  api.agent.destroy();
} finally {
  await cloud.stop();
}

let asyncLine = '';
const asyncCloud = await startLocalCloud({ env: { ...BENCH_ENV, FEATURE_FLAGS: '{"GLOBAL_ASYNC_QUERIES":true}' } });
try {
  const api = await client(asyncCloud);
  const id = await api.dataset('flights_3m');
  const c = CASES[0];
  const body = { datasource: { id, type: 'table' }, queries: [{ ...c.query }], result_type: 'full', result_format: 'json', force: true };
  const sql = (await api.post('/api/v1/chart/data', { ...body, result_type: 'query' })).body.result[0].query as string;
  const raws: number[] = [];
  const ws = new WebSocket(await ticketedSocketUrl(asyncCloud, api.token));
  await new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)));
  const waiters = new Map<string, (status: string) => void>();
  ws.on('message', (data) => {
    const event = JSON.parse(String(data)) as { job_id?: string; status?: string };
    if (event.job_id) waiters.get(event.job_id)?.(event.status ?? '');
  });
  const overheads: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    raws.push(await time(() => api.engine.run({ sql, limit: 100_000, timeoutMs: 60_000 })));
    const res = await api.post('/api/v1/chart/data', body);
    const accepted = performance.now();
    if (res.status !== 202) throw new Error(`async chart data answered ${res.status}`);
    const status = await new Promise<string>((resolve) => waiters.set(res.body.job_id, resolve));
    const elapsed = performance.now() - accepted;
    if (status !== 'done') throw new Error(`async chart job ended ${status}`);
    if (i >= WARMUP) overheads.push(elapsed - median(raws));
  }
  ws.close();
  api.agent.destroy();
  const m = median(overheads);
  asyncLine = `async 202 -> done event minus raw query: median ${m.toFixed(1)} ms (target < 150 ms) ${m < 150 ? 'met' : 'MISSED'}`;
} finally {
  await asyncCloud.stop();
}

console.log('\nChart data benchmark (medians of %d paired runs, ms)\n', RUNS);
console.log('case                     raw ms  cold ms  ratio verdict  cached  <=15ms  cold/cached  cold-raw ms');
for (const r of rows) console.log(r);
console.log(asyncLine);
console.log(floorLine);
process.exit(0);
