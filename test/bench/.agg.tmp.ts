import { startLocalCloud } from '../support/localCloud';
import { engineFor } from '../../functions/databases/engines';
import { getDatabase } from '../../functions/databases/repository';
const AGG = 'SELECT origin, count(*) AS flights, avg(delay) AS avg_delay, max(distance) AS longest FROM flights_3m GROUP BY origin ORDER BY flights DESC';
const N = Number(process.env.N ?? 30);
const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const cloud = await startLocalCloud();
try {
  const token = await cloud.login('admin', 'admin');
  const engine = await engineFor(await getDatabase(cloud.stack.ports, 1));
  const post = async (path: string, json: unknown) => { const r = await fetch(`${cloud.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(json) }); return r.text(); };
  const get = async (path: string) => (await fetch(`${cloud.url}${path}`, { headers: { authorization: `Bearer ${token}` } })).text();
  const t = async (f: () => Promise<unknown>) => { const s = performance.now(); await f(); return performance.now() - s; };
  const raws: number[] = [], apis: number[] = [], ratios: number[] = [], pings: number[] = [];
  for (let i = 0; i < N + 3; i++) {
    const r = await t(() => engine.run({ sql: AGG, limit: 1000, timeoutMs: 60000 }));
    const a = await t(() => post('/api/v1/sqllab/execute/', { database_id: 1, sql: AGG, queryLimit: 1000 }));
    const p = await t(() => get('/api/v1/me/'));
    if (i >= 3) { raws.push(r); apis.push(a); ratios.push(a / r); pings.push(p); }
  }
  const TR=(globalThis as any).__TR as number[][]; const cols=TR[0].length; console.log('phases(ms) auth/body, ->execute, db, plan, run, finish, ->gateway, send:', Array.from({length:cols},(_,c)=>median(TR.slice(3).map(r=>r[c])).toFixed(2)).join(' '));
  console.log(`raw ${median(raws).toFixed(1)} api ${median(apis).toFixed(1)} ratio ${median(ratios).toFixed(2)} me ${median(pings).toFixed(1)}`);
} finally { await cloud.stop(); }
process.exit(0);
