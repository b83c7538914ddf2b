import { resolve } from 'node:path';
import { backup, restore, targetOf } from './backup';

/**
 * `npm run backup -- <file>` and `npm run restore -- <file>` (the built apps/server/dist/ops.js):
 * the database DATABASE_URL names, else the embedded one in KAUNTI_DATA_DIR (default ./data).
 */
const [command, file] = process.argv.slice(2);
const usage = 'Usage: ops.js backup <file> | ops.js restore <file>';
if ((command !== 'backup' && command !== 'restore') || !file) {
  console.error(usage);
  process.exit(2);
}
const target = targetOf({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: resolve(process.env.KAUNTI_DATA_DIR || 'data'),
});
const where =
  target.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${target.dataDir}`;
try {
  if (command === 'backup') {
    await backup(target, resolve(file));
    console.log(`Backed up ${where} to ${resolve(file)}.`);
  } else {
    const counted = await restore(target, resolve(file));
    console.log(`Restored ${resolve(file)} into ${where} and migrated it. Rows: ${JSON.stringify(counted)}`);
  }
} catch (error) {
  console.error(`${command} failed: ${(error as Error).message}`);
  process.exit(1);
}
