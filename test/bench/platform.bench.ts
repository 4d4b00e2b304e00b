// Start-up of `npm start`: cold (fresh data folder, examples DuckDB built) and warm (same folder again),
// measured until GET /health answers; then the minified size of every Lambda bundle.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, printTable, fmt } from './support';

const root = new URL('../..', import.meta.url).pathname;

async function timeStart(dataDir: string): Promise<number> {
  const [port, edgePort] = [await freePort(), await freePort()];
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), LOCAL_EDGE_PORT: String(edgePort), LOCAL_DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.ok, () => false);
      if (ok) return performance.now() - started;
      if (performance.now() - started > 300_000) throw new Error('npm start did not answer within 300 s');
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    child.kill('SIGINT');
    await new Promise((r) => child.once('exit', r));
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'sqlscape-bench-'));
try {
  const cold = await timeStart(dataDir);
  const warm = await timeStart(dataDir);
  printTable('npm start until /health answers', [
    { phase: 'cold (examples built)', seconds: fmt(cold / 1000, 2), budget_s: 90, within: cold < 90_000 ? 'yes' : 'NO' },
    { phase: 'warm', seconds: fmt(warm / 1000, 2), budget_s: 15, within: warm < 15_000 ? 'yes' : 'NO' },
  ]);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const sizes = spawnSync(process.execPath, ['--import', 'tsx', 'infra/aws/bundleSizes.ts'], { cwd: root, stdio: 'inherit' });
process.exit(sizes.status ?? 1);
