// A throwaway PostgreSQL cluster for tests: initdb into a temp dir, start on a free port with its unix
// socket in that dir, create a password-protected user and database, and remove it all on stop().
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestPostgres {
  /** postgresql://analyst:secret@127.0.0.1:port/analytics */
  uri: string;
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
  /** Runs SQL as the superuser (setup of fixtures). */
  admin(sql: string, database?: string): string;
  stop(): Promise<void>;
}

function binDir(): string {
  const candidates: string[] = [];
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim());
  } catch {
    // pg_config missing: fall back to the distribution's layout.
  }
  candidates.push('/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/15/bin', '/usr/lib/postgresql/14/bin');
  const found = candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
  if (!found) {
    throw new Error(`PostgreSQL server binaries (initdb, pg_ctl) not found in ${candidates.join(', ')}. Install postgresql (apt-get install postgresql) to run these tests.`);
  }
  return found;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

// initdb refuses to run as root; tests in containers often are root.
const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function run(bin: string, args: string[], input?: string): string {
  const command = asRoot ? 'runuser' : bin;
  const fullArgs = asRoot ? ['-u', 'postgres', '--', bin, ...args] : args;
  const result = spawnSync(command, fullArgs, { encoding: 'utf8', input, cwd: tmpdir() });
  if (result.status !== 0) {
    throw new Error(`${bin} ${args.join(' ')} failed (${result.status}): ${result.stderr || result.stdout || result.error?.message}`);
  }
  return result.stdout;
}

export async function startPostgres(): Promise<TestPostgres> {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'pg-test-'));
  chmodSync(dir, 0o777);
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  const data = join(dir, 'data');
  const port = await freePort();
  const user = 'analyst';
  const password = 'secret-pw';
  const database = 'analytics';
  run(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth-local=trust', '--auth-host=scram-sha-256', '-E', 'UTF8', '--no-sync'], undefined);
  run(join(bin, 'pg_ctl'), [
    '-D', data, '-l', join(dir, 'log'), '-w', '-t', '60',
    '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=50`,
    'start',
  ]);
  const psql = join(bin, 'psql');
  const admin = (sql: string, db = 'postgres') =>
    run(psql, ['-h', dir, '-p', String(port), '-U', 'postgres', '-d', db, '-v', 'ON_ERROR_STOP=1', '-qAt', '-f', '-'], sql);
  admin(`CREATE ROLE ${user} LOGIN PASSWORD '${password}'; CREATE DATABASE ${database} OWNER ${user};`);
  let stopped = false;
  return {
    uri: `postgresql://${user}:${password}@127.0.0.1:${port}/${database}`,
    host: '127.0.0.1',
    port,
    user,
    password,
    database,
    admin,
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
