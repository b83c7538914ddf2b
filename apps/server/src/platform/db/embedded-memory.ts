import { setFlagsFromString } from 'node:v8';

/**
 * How the portal's process keeps its memory small when it runs on the embedded database (issue
 * 15: under 250 MiB resident when idle; docs/performance.md has the figures). main.ts imports this
 * module before any other, so that the settings shape start-up's allocations too; PostgreSQL mode
 * (DATABASE_URL set) and the tests keep V8's defaults.
 *
 * - PostgreSQL's WebAssembly is compiled again, optimised, for the functions it runs most, by
 *   V8's background threads. Each thread compiling kept its own C heap of 20–30 MiB afterwards;
 *   one such thread is enough for a county-sized database.
 * - The young generation of V8's heap stays at its first size instead of doubling when start-up
 *   keeps many objects alive (migrations, the seed check): it grew to 32 MiB and stayed there.
 *
 * These two V8 settings are read when they are used (each compilation, each growth), so setting
 * them here, after V8 has started, takes effect; settings read when the heap is made (such as
 * its largest young generation) would not.
 */
function keepEmbeddedProcessSmall(): void {
  setFlagsFromString('--wasm-num-compilation-tasks=1');
  setFlagsFromString('--semi-space-growth-factor=1');
}

// DATABASE_URL unset is the embedded database (platform/config.ts; an empty one is refused there).
if (!process.env.DATABASE_URL) keepEmbeddedProcessSmall();
