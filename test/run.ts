// `npm test` (or `npm test -- api e2e` for some projects): makes sure the machine has what the tests
// drive (Chromium, PostgreSQL, MariaDB: test/support/systemPackages.ts), builds the frontend once when
// the e2e project runs (it serves dist/web), then runs each vitest project in turn, and ends with one
// line per project ("api: 372 passed in 96 s") and the plain "N passed, N failed, N skipped" line last,
// read from each project's JSON report.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureSystemPackages } from './support/systemPackages';

const root = new URL('..', import.meta.url).pathname;
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const ALL = ['unit', 'api', 'infra', 'e2e'] as const;
const asked = process.argv.slice(2);
const unknown = asked.filter((p) => !(ALL as readonly string[]).includes(p));
if (unknown.length) {
  console.error(`Unknown test project ${unknown.join(', ')}: choose among ${ALL.join(', ')}`);
  process.exit(2);
}
const projects = asked.length ? ALL.filter((p) => asked.includes(p)) : [...ALL];

function run(cmd: string, args: string[]) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  return result.status ?? 1;
}

if (!ensureSystemPackages(projects)) process.exit(1);

if (projects.includes('e2e')) {
  if (run(bin('vite'), ['build', '--config', 'frontend/vite.config.ts', '--logLevel', 'warn']) !== 0) {
    console.error('Frontend build failed');
    process.exit(1);
  }
}

interface Report {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numFailedTestSuites: number;
}

mkdirSync(join(root, '.tmp'), { recursive: true });
const lines: string[] = [];
const total = { passed: 0, failed: 0, skipped: 0 };
let status = 0;
for (const project of projects) {
  const report = join(root, '.tmp', `vitest-${project}.json`);
  rmSync(report, { force: true });
  const started = Date.now();
  const code = run(bin('vitest'), ['run', '--config', 'test/vitest.config.ts', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
  const seconds = Math.round((Date.now() - started) / 1000);
  if (code !== 0) status = code;
  if (!existsSync(report)) {
    lines.push(`${project}: no report (vitest exited with ${code}) after ${seconds} s`);
    total.failed++;
    continue;
  }
  const r = JSON.parse(readFileSync(report, 'utf8')) as Report;
  const skipped = r.numPendingTests + r.numTodoTests;
  total.passed += r.numPassedTests;
  total.failed += r.numFailedTests;
  total.skipped += skipped;
  const extra = [r.numFailedTests ? `${r.numFailedTests} failed` : '', skipped ? `${skipped} skipped` : '', r.numFailedTestSuites ? `${r.numFailedTestSuites} files failed to run` : '']
    .filter(Boolean)
    .map((s) => `, ${s}`)
    .join('');
  lines.push(`${project}: ${r.numPassedTests} passed${extra} in ${seconds} s`);
}

console.log('');
for (const line of lines) console.log(line);
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(status);
