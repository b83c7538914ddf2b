import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { migrationsFolder } from './database';

/**
 * A seed image: the embedded database as it is right after this release's migrations and the
 * seed of one county with demo data, dumped when the server is built (`dist/seed-images/`), so
 * that the first start on a fresh folder loads it instead of migrating and seeding from nothing
 * (the start a newcomer sees). Used only when it was made from these very migrations: its name
 * carries the last migration's tag. The start still runs the migrations and the (idempotent)
 * seed afterwards, so an image can never leave a folder behind the code.
 */
export function seedImageName(county: string): string {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const last = journal.entries.at(-1)?.tag ?? 'none';
  return `${county}-demo-${last}.tar.gz`;
}

/** The folder the build writes seed images to, beside the server bundle. */
export function seedImagesFolder(bundleDir: string): string {
  return join(bundleDir, 'seed-images');
}

/** True when the embedded database folder holds no database yet (absent, or empty). */
export function isFreshFolder(folder: string): boolean {
  return !existsSync(folder) || readdirSync(folder).filter((name) => name !== 'kaunti.lock').length === 0;
}

/**
 * The seed image to load for a start, if there is one: only on a fresh embedded folder, with
 * demo data, and made from these migrations for this county.
 */
export async function seedImageFor(
  config: { dataDir: string; county: string; demoData: boolean },
  imagesFolder: string,
): Promise<{ loadDataDir?: Blob }> {
  if (!config.demoData || !isFreshFolder(join(config.dataDir, 'pglite'))) return {};
  const image = join(imagesFolder, seedImageName(config.county));
  if (!existsSync(image)) return {};
  return { loadDataDir: new Blob([await readFile(image)]) };
}
