// Builds the frontend before serving it when dist/web is missing or older than any source file, so
// `npm start` never serves a stale app. The build runs as a child process: Vite's memory and
// worker threads then go away with it instead of staying in the long-lived local cloud.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

export function frontendIsStale(root: string): boolean {
  const index = join(root, 'dist/web/index.html');
  if (!existsSync(index)) return true;
  return newestMtime(join(root, 'frontend')) > statSync(index).mtimeMs;
}

/** Returns whether a build ran; a failed build is reported and the old files (if any) stay served. */
export async function ensureFrontendBuilt(root: string, log: (line: string) => void): Promise<boolean> {
  if (!existsSync(join(root, 'frontend/vite.config.ts'))) {
    log('frontend/vite.config.ts not found: serving the API only');
    return false;
  }
  if (!frontendIsStale(root)) return false;
  log('building the frontend (dist/web is missing or older than frontend/)...');
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'frontend/vite.config.ts', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
    child.on('exit', resolve);
    child.on('error', () => resolve(null));
  });
  if (code !== 0) log(`frontend build failed (exit ${code}); serving what dist/web holds`);
  return code === 0;
}
