// `npm run bench`: builds the portal, then runs every benchmark and prints its figures.
// Set DATABASE_URL to measure the API on PostgreSQL (the design's bar is stated for it).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { measureApiThroughput } from './api-throughput.mjs';
import { measureLandingBundle } from './landing-bundle.mjs';
import { measureLighthouse } from './lighthouse.mjs';
import { measureSlowLink } from './slow-link.mjs';
import { root } from './support.mjs';

if (!process.argv.includes('--no-build')) {
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}

const benches = [
  ['JavaScript on first load, every route', measureLandingBundle],
  ['Lighthouse', measureLighthouse],
  ['Slow link: LCP cold and repeat, installable', measureSlowLink],
  ['API throughput', measureApiThroughput],
];
// Benchmarks of other modules, each a script that prints its own figures.
for (const [name, file] of [
  ['receipt PDF', 'bench/receipt-pdf.mjs'],
  ['document PDFs', 'bench/document-pdfs.mjs'],
  ['business permits', 'bench/business.mjs'],
  ['start-up and idle memory', 'bench/cold-start.mjs'],
  ['M-Pesa callbacks', 'bench/callbacks.mjs'],
  ['back-office queue', 'bench/staff-queue.mjs'],
  ['parking enforcement', 'bench/parking-enforcement.mjs'],
  ['USSD steps', 'bench/ussd.mjs'],
  ['scale-out and sign-in bursts', 'bench/scale-out.mjs'],
  ['county rent for 20,000 tenancies', 'bench/standing-charges.mjs'],
]) {
  if (existsSync(join(root, file))) {
    benches.push([
      name,
      // The catalogue's import.meta.glob is turned into imports by glob-register.mjs (Node knows no globs).
      async () =>
        execFileSync(process.execPath, ['--import', 'tsx', '--import', './bench/glob-register.mjs', file], {
          cwd: root,
          stdio: 'inherit',
        }),
    ]);
  }
}

// Every figure depends on the machine: say what it is.
console.log(`\nKaunti benchmarks on ${availableParallelism()} cores, Node ${process.version}`);
// A bench that fails is named and the others still run; the run then ends with a failure.
const failed = [];
for (const [name, bench] of benches) {
  console.log(`\n=== ${name}`);
  try {
    await bench();
  } catch (error) {
    failed.push(name);
    console.log(`  FAILED: ${error.message.split('\n')[0]}`);
  }
}
if (failed.length > 0) {
  console.log(`\n${failed.length} benchmark(s) failed: ${failed.join(', ')}`);
  process.exitCode = 1;
}
