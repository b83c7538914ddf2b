import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/platform/db/database';
import { seedImageFor, seedImageName } from '../../src/platform/db/seed-image';
import { seed } from '../../src/seed';

/**
 * The first start on a fresh embedded folder loads the seed image the build made (migrations and
 * the county's demo data), instead of migrating and seeding from nothing — and only then.
 */
const dirs: string[] = [];
const temp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'kaunti-image-'));
  dirs.push(dir);
  return dir;
};
let images: string;
beforeAll(async () => {
  images = temp();
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  await seed(database.db, { county: 'nairobi', demoData: true });
  const dump = await database.dump!();
  await database.close();
  writeFileSync(join(images, seedImageName('nairobi')), Buffer.from(await dump.arrayBuffer()));
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the seed image', () => {
  it('is named by the county and the last migration, so an image of other migrations is never used', () => {
    expect(seedImageName('nairobi')).toMatch(/^nairobi-demo-\d{4}_[a-z0-9_]+\.tar\.gz$/);
    expect(seedImageName('mombasa')).not.toBe(seedImageName('nairobi'));
  });

  it('a fresh folder with demo data starts from it: the data is there, and migrating and seeding again change nothing', async () => {
    const dataDir = temp();
    const image = await seedImageFor({ dataDir, county: 'nairobi', demoData: true }, images);
    expect(image.loadDataDir).toBeInstanceOf(Blob);
    const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite'), ...image });
    try {
      const count = async (table: string) =>
        (
          (await database.db.execute(`select count(*)::int as n from ${table}`)) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]!.n;
      const before = {
        parcels: await count('parcels'),
        users: await count('users'),
        wards: await count('wards'),
      };
      expect(before.parcels).toBeGreaterThan(20);
      expect(before.wards).toBe(85);
      await database.migrate();
      await seed(database.db, { county: 'nairobi', demoData: true });
      expect({
        parcels: await count('parcels'),
        users: await count('users'),
        wards: await count('wards'),
      }).toEqual(before);
    } finally {
      await database.close();
    }
  });

  it('is not used for a folder that holds a database, without demo data, or for a county it was not made for', async () => {
    const used = temp();
    mkdirSync(join(used, 'pglite'));
    writeFileSync(join(used, 'pglite', 'PG_VERSION'), '17');
    expect(await seedImageFor({ dataDir: used, county: 'nairobi', demoData: true }, images)).toEqual({});
    expect(await seedImageFor({ dataDir: temp(), county: 'nairobi', demoData: false }, images)).toEqual({});
    expect(await seedImageFor({ dataDir: temp(), county: 'mombasa', demoData: true }, images)).toEqual({});
  });
});
