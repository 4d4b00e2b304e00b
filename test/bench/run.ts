// `npm run bench` (or `npm run bench costs` for one): runs every test/bench/*.bench.ts in turn (each prints its own table) and fails if one fails.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = new URL('.', import.meta.url).pathname;
const only = process.argv.slice(2);
const benches = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

let failed = 0;
for (const file of benches) {
  console.log(`\n=== ${file} ===`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(dir, file)], { stdio: 'inherit', env: process.env });
  if (r.status !== 0) {
    failed++;
    console.error(`${file} exited with ${r.status}`);
  }
}
process.exit(failed ? 1 : 0);
