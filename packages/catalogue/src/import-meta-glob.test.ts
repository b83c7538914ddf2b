import { describe, expect, it } from 'vitest';
import { expandGlob, transformGlobs } from '../build/import-meta-glob.mjs';

/**
 * The esbuild stand-in for Vite's `import.meta.glob` (decision 022) finds the same files as Vite
 * and stands for the same imports: what the server and the web's catalogue index are built with
 * is what the tests (Vite) run.
 */
const here = import.meta.dirname;

describe('the import.meta.glob plugin', () => {
  it.each([
    ['./services/*/*/definition.ts'],
    ['./services/*/*/sw.json'],
    ['./services/*/shared.sw.json'],
    ['./services/*/tariff.ts', './services/*/*/tariff.ts'],
  ])('finds what Vite finds: %s', (...patterns) => {
    const vite = {
      './services/*/*/definition.ts': import.meta.glob('./services/*/*/definition.ts'),
      './services/*/*/sw.json': import.meta.glob('./services/*/*/sw.json'),
      './services/*/shared.sw.json': import.meta.glob('./services/*/shared.sw.json'),
      './services/*/tariff.ts': import.meta.glob(['./services/*/tariff.ts', './services/*/*/tariff.ts']),
    }[patterns[0]!]!;
    expect(expandGlob(patterns, here)).toEqual(Object.keys(vite).sort());
    expect(expandGlob(patterns, here).length).toBeGreaterThan(0);
  });

  it('stands an eager call for static imports, a lazy one for dynamic imports, and leaves comments alone', () => {
    const source = [
      '// import.meta.glob mentioned in a comment',
      "const eager = import.meta.glob<{ default: unknown }>(['./services/land/*/definition.ts'], { eager: true });",
      "const lazy = import.meta.glob('./services/land/land-survey/sw.json', { import: 'default' });",
    ].join('\n');
    const out = transformGlobs(source, `${here}/catalogue.ts`)!;
    expect(out).toContain('import * as __kaunti_glob_0_0 from "./services/land/add-land/definition.ts";');
    expect(out).toContain('"./services/land/land-survey/definition.ts": __kaunti_glob_0_');
    expect(out).toContain(
      'const lazy = { "./services/land/land-survey/sw.json": () => import("./services/land/land-survey/sw.json").then((m) => m["default"]) };',
    );
    expect(out).toContain('// import.meta.glob mentioned in a comment');
    expect(transformGlobs('const a = 1;', `${here}/x.ts`)).toBeUndefined();
  });

  it('refuses options it does not understand', () => {
    expect(() => transformGlobs("import.meta.glob('./x/*.ts', { query: '?raw' })", `${here}/x.ts`)).toThrow(
      'not understood',
    );
  });
});
