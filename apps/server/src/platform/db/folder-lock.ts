import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** The lock file in an embedded database folder: the process id of the portal that holds it. */
export const LOCK_FILE = 'kaunti.lock';

export class FolderInUseError extends Error {
  constructor(folder: string, pid: number) {
    super(
      `The embedded database folder ${folder} is in use by another Kaunti process (pid ${pid}). ` +
        'Two processes on one folder would corrupt it: stop the other one, give this one its own ' +
        'KAUNTI_DATA_DIR, or run several instances on PostgreSQL (DATABASE_URL).',
    );
    this.name = 'FolderInUseError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else; ESRCH: no such process.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the folder's lock for this process, or throws FolderInUseError while a living process
 * holds it — in this process too (two PGlite instances on one folder break it as surely). A
 * lock left by a process that died (kill -9, a crash) is taken over. Returns the release.
 */
export function lockFolder(folder: string): () => void {
  const path = join(folder, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
      if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) throw new FolderInUseError(folder, pid);
      // Stale: its process is gone. Remove it and try once more (another starter may win the race).
      rmSync(path, { force: true });
    }
  }
  throw new FolderInUseError(folder, Number.NaN);
}
