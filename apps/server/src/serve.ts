import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './platform/config';
import { openDatabase } from './platform/db/database';
import { seedImageFor, seedImagesFolder } from './platform/db/seed-image';
import { seed } from './seed';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl, timeouts: config.databaseTimeouts })
    : await openDatabase({
        kind: 'pglite',
        dataDir: join(config.dataDir, 'pglite'),
        // A fresh folder with demo data starts from the build's seed image, when there is one.
        ...(await seedImageFor(config, seedImagesFolder(dirname(fileURLToPath(import.meta.url))))),
      });
  await database.migrate();
  await seed(database.db, config);

  const app = await buildApp({ config, database });
  app.addHook('onClose', () => database.close());

  // On SIGINT/SIGTERM: stop taking connections, let requests in flight finish (10 s at most),
  // close the database, exit.
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });

  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    `Kaunti is serving ${config.publicUrl} on ${database.kind === 'pglite' ? `PGlite (${config.dataDir})` : 'PostgreSQL'}`,
  );
}

main().catch((error) => {
  // A bad setting (checked at start-up, or when a module reads it, like SIGNING_KEYS) is the
  // operator's to fix: its message names the variable; a stack trace would only hide it.
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
