import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockAddress, lockDataDir } from '../../../../infra/local/dataDirLock';

describe('data folder lock', () => {
  const dirs: string[] = [];
  const fresh = () => {
    const dir = mkdtempSync(join(tmpdir(), 'sqlscape-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a second claim while the first holds, and allows one after release', async () => {
    const dir = fresh();
    const release = await lockDataDir(dir, () => undefined);
    expect(readFileSync(join(dir, 'local.pid'), 'utf8')).toBe(String(process.pid));
    await expect(lockDataDir(dir, () => undefined)).rejects.toBeInstanceOf(DataDirInUseError);
    await release();
    expect(existsSync(join(dir, 'local.pid'))).toBe(false);
    const again = await lockDataDir(dir, () => undefined);
    await again();
  });

  it('takes over a stale claim (a pid file naming any live process, a socket nobody listens on) with one notice', async () => {
    const dir = fresh();
    // The parent of this test process is alive and is not a local cloud on this folder.
    writeFileSync(join(dir, 'local.pid'), String(process.ppid));
    if (process.platform !== 'win32') writeFileSync(lockAddress(dir), '');
    const notices: string[] = [];
    const release = await lockDataDir(dir, (line) => notices.push(line));
    expect(notices).toEqual([`[local] ${dir}: the local cloud that held it (pid ${process.ppid}) is gone; taking it over`]);
    await release();
  });

  it('keeps different folders apart', async () => {
    const [a, b] = [fresh(), fresh()];
    expect(lockAddress(a)).not.toBe(lockAddress(b));
    const releases = [await lockDataDir(a, () => undefined), await lockDataDir(b, () => undefined)];
    for (const release of releases) await release();
  });
});
