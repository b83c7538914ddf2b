import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './database';
import { LOCK_FILE } from './folder-lock';

const folders: string[] = [];
const opened: Database[] = [];
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kaunti-lock-'));
  folders.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(opened.splice(0).map((d) => d.close().catch(() => undefined)));
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('one process per embedded database folder', () => {
  it('refuses a second opening of the same folder with a clear message, and allows it once the first is closed', async () => {
    const dir = folder();
    const first = await openDatabase({ kind: 'pglite', dataDir: dir });
    opened.push(first);
    await expect(openDatabase({ kind: 'pglite', dataDir: dir })).rejects.toThrow(
      new RegExp(`folder ${dir} is in use by another Kaunti process \\(pid ${process.pid}\\)`),
    );
    await first.close();
    const second = await openDatabase({ kind: 'pglite', dataDir: dir });
    opened.push(second);
    await second.ping();
  });

  it('refuses a folder another process holds, and takes over the lock of one that died', async () => {
    const dir = folder();
    const holder = fileURLToPath(new URL('./folder-lock.ts', import.meta.url));
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `const { lockFolder } = await import(${JSON.stringify(holder)}); lockFolder(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
        child.on('exit', (code) => reject(new Error(`the lock holder exited (${code})`)));
      });
      await expect(openDatabase({ kind: 'pglite', dataDir: dir })).rejects.toThrow(
        `is in use by another Kaunti process (pid ${child.pid})`,
      );
    } finally {
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    // Killed with -9: its lock file stays, naming a process that is gone.
    const database = await openDatabase({ kind: 'pglite', dataDir: dir });
    opened.push(database);
    await database.ping();
  });

  it('takes over a lock file left by a process that no longer exists', async () => {
    const dir = folder();
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    writeFileSync(join(dir, LOCK_FILE), String(gone));
    const database = await openDatabase({ kind: 'pglite', dataDir: dir });
    opened.push(database);
    await database.ping();
  });
});
