// What the tests drive besides node_modules: Chromium (e2e), a PostgreSQL server and a MariaDB server
// (engine tests start throwaway ones). `npm test` looks for them first; as root with apt-get at hand it
// installs the missing Debian packages (one `apt-get update`, then one install), otherwise it names
// the one command to run and stops before any test fails for want of them.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

type Project = 'unit' | 'api' | 'infra' | 'e2e';

const onPath = (name: string) => spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;

function hasPostgresServer(): boolean {
  if (onPath('initdb')) return true;
  try {
    if (existsSync(join(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim(), 'initdb'))) return true;
  } catch {
    // no pg_config: look where the Debian packages put the server
  }
  const base = '/usr/lib/postgresql';
  return existsSync(base) && readdirSync(base).some((v) => existsSync(join(base, v, 'bin', 'initdb')));
}

const hasMariadbServer = () => ['/usr/sbin/mariadbd', '/usr/sbin/mysqld'].some(existsSync) || onPath('mariadbd') || onPath('mysqld');

const hasChromium = () => existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium') || onPath('chromium');

const PACKAGES: { name: string; present: () => boolean; neededBy: Project[] }[] = [
  { name: 'chromium', present: hasChromium, neededBy: ['e2e'] },
  { name: 'postgresql', present: hasPostgresServer, neededBy: ['unit', 'api', 'e2e'] },
  { name: 'mariadb-server', present: hasMariadbServer, neededBy: ['unit', 'api', 'e2e'] },
];

/** The Debian packages the given projects need and this machine lacks. */
export function missingPackages(projects: readonly Project[]): string[] {
  return PACKAGES.filter((p) => p.neededBy.some((n) => projects.includes(n)) && !p.present()).map((p) => p.name);
}

/** Installs what is missing when it can (root, apt-get); false, with the command to run, when it cannot. */
export function ensureSystemPackages(projects: readonly Project[]): boolean {
  const missing = missingPackages(projects);
  if (!missing.length) return true;
  const install = `apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  if (process.getuid?.() !== 0 || !onPath('apt-get')) {
    console.error(`The tests need ${missing.join(', ')}, which this machine lacks. Install them, then run npm test again:\n  sudo apt-get update && sudo ${install}`);
    return false;
  }
  console.log(`Installing ${missing.join(', ')} (apt-get)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-qq'], install.split(' ').slice(1)]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (r.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed; run it by hand:\n  apt-get update && ${install}`);
      return false;
    }
  }
  const still = missingPackages(projects);
  if (still.length) console.error(`Still missing after apt-get: ${still.join(', ')}`);
  return still.length === 0;
}
