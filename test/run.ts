// `npm test`: builds the frontend once (the e2e suite serves it), then runs every vitest project
// (unit, api, infra, e2e) and closes with a plain "N passed, N failed" line read from the JSON report.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const projects = process.argv.slice(2);

function run(cmd: string, args: string[]) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  return result.status ?? 1;
}

if (projects.length === 0 || projects.includes('e2e')) {
  if (run(bin('vite'), ['build', '--config', 'frontend/vite.config.ts', '--logLevel', 'warn']) !== 0) {
    console.error('Frontend build failed');
    process.exit(1);
  }
}

mkdirSync(join(root, '.tmp'), { recursive: true });
const report = join(root, '.tmp', 'vitest-report.json');
const args = ['run', '--config', 'test/vitest.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
for (const p of projects) args.push('--project', p);
const status = run(bin('vitest'), args);

if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
  console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`);
}
process.exit(status);
