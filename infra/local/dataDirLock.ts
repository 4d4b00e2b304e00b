// Claims a data folder for one local cloud. dynalite's journal, the S3 files and the queue files have
// one writer each; a second `npm start` on the same folder must refuse at once, with a clear reason.
//
// "In use" is decided by the kernel, not by a process id: the claiming process listens on a Unix
// socket (a named pipe on Windows) derived from the folder's real path, for its whole life. A live
// owner accepts a connection; a dead one's socket refuses it (ECONNREFUSED), however it died
// (Ctrl-C, crash, SIGKILL, closed terminal), so a stale claim can never be confused with a live one,
// and a pid reused by an unrelated process blocks nothing. `local.pid` stays for people and tools to
// read; a start that finds it stale takes the folder over with a one-line notice.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, realpathSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The lock's address: outside the folder, since Unix socket paths are limited to ~100 bytes. */
export function lockAddress(dataDir: string): string {
  const id = createHash('sha256').update(realpathSync(dataDir)).digest('hex').slice(0, 24);
  return process.platform === 'win32' ? `\\\\?\\pipe\\sqlscape-${id}` : join(tmpdir(), `sqlscape-${id}.lock.sock`);
}

const listen = (server: Server, address: string) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(address, () => {
      server.off('error', reject);
      resolve();
    });
  });

/** Whether a live process holds the socket (it accepts a connection). */
const answers = (address: string) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(address);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

function recordedPid(file: string): number | null {
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

export class DataDirInUseError extends Error {
  readonly code = 'EDATADIRINUSE';
}

/**
 * Claims `dataDir` for this process until the returned release runs (or the process ends, however).
 * Throws DataDirInUseError when a live local cloud holds it.
 */
export async function lockDataDir(dataDir: string, notice: (line: string) => void = console.warn): Promise<() => Promise<void>> {
  const pidFile = join(dataDir, 'local.pid');
  const address = lockAddress(dataDir);
  const server = createServer((socket) => socket.destroy());
  const inUse = () =>
    new DataDirInUseError(`${dataDir} is in use by another local cloud${recordedPid(pidFile) ? ` (pid ${recordedPid(pidFile)})` : ''}; stop it or set LOCAL_DATA_DIR`);
  try {
    await listen(server, address);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    if (await answers(address)) throw inUse();
    // The socket file of an owner that died: nobody listens on it any more.
    try {
      unlinkSync(address);
    } catch {
      // Another start removed it first; the listen below decides who wins.
    }
    try {
      await listen(server, address);
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code === 'EADDRINUSE') throw inUse();
      throw again;
    }
  }
  // The claim must not keep a process alive that has nothing else to do.
  server.unref();
  const stale = recordedPid(pidFile);
  if (stale !== null && stale !== process.pid) {
    notice(`[local] ${dataDir}: the local cloud that held it (pid ${stale}) is gone; taking it over`);
  }
  writeFileSync(pidFile, String(process.pid));
  return async () => {
    if (recordedPid(pidFile) === process.pid) rmSync(pidFile, { force: true });
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
