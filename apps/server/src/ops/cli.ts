import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { countyProfiles } from '../core/county/seed';
import { openDatabase } from '../platform/db/database';
import { seedImageName } from '../platform/db/seed-image';
import { seed } from '../seed';
import { backup, restore, targetOf } from './backup';

/**
 * `npm run backup -- <file>` and `npm run restore -- <file>` (the built apps/server/dist/ops.js):
 * the database DATABASE_URL names, else the embedded one in KAUNTI_DATA_DIR (default ./data).
 */
const [command, file] = process.argv.slice(2);
const usage = 'Usage: ops.js backup <file> | ops.js restore <file> | ops.js seed-images <folder>';
if ((command !== 'backup' && command !== 'restore' && command !== 'seed-images') || !file) {
  console.error(usage);
  process.exit(2);
}
if (command === 'seed-images') {
  // The build's step (build.mjs): one seed image per county Kaunti ships, with demo data.
  const folder = resolve(file);
  mkdirSync(folder, { recursive: true });
  for (const county of Object.keys(countyProfiles)) {
    const database = await openDatabase({ kind: 'pglite' });
    await database.migrate();
    await seed(database.db, { county, demoData: true });
    const dump = await database.dump!();
    await database.close();
    writeFileSync(join(folder, seedImageName(county)), Buffer.from(await dump.arrayBuffer()));
  }
  console.log(`seed images written: ${folder}`);
  process.exit(0);
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
