// @vitest-environment node
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * What the wizard's page imports at first (issue 15: the first load's JavaScript): the definition
 * of the service on screen and the zod-free half of the catalogue, not the checks (zod, the step
 * schemas: step-checker.ts, fetched on the first submit) nor every service's definition.
 */
async function staticImportsOf(entry: string) {
  const result = await build({
    entryPoints: [new URL(entry, import.meta.url).pathname],
    bundle: true,
    write: false,
    format: 'esm',
    splitting: true,
    outdir: '/tmp/wizard-first-load',
    metafile: true,
    logLevel: 'silent',
    loader: { '.css': 'empty' },
    plugins: [
      {
        // Packages stay outside (recorded by name); the workspace's own are followed.
        name: 'packages-outside',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@kaunti/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  const inputs: Metafile['inputs'] = result.metafile.inputs;
  const start = Object.keys(inputs).find((input) => input.endsWith(entry.replace(/^(\.\.?\/)+/, '')))!;
  // Followed by static imports only: a dynamic import is a chunk fetched when it is called.
  const seen = new Set<string>([start]);
  const packages = new Map<string, string[]>();
  for (const input of seen) {
    for (const imported of inputs[input]?.imports ?? []) {
      if (imported.kind !== 'import-statement') continue;
      if (imported.external) packages.set(imported.path, [...(packages.get(imported.path) ?? []), input]);
      else seen.add(imported.path);
    }
  }
  return { modules: [...seen], packages };
}

const catalogueModules = (modules: string[]) =>
  modules
    .filter((m) => m.includes('packages/catalogue/'))
    .map((m) => m.replace(/.*packages\/catalogue\/src\//, ''));

describe("the wizard's first load", () => {
  it('loads no zod: the zod-free half of the catalogue, no step schemas, no field kinds, no catalogue', async () => {
    const { modules, packages } = await staticImportsOf('./service-wizard-page.tsx');
    expect(catalogueModules(modules).sort()).toEqual([
      'define-service.ts',
      'field-rules.ts',
      'registries/field-controls.ts',
      'registries/reference-lists.ts',
      'service-texts.ts',
    ]);
    expect(modules.some((m) => m.endsWith('step-checker.ts'))).toBe(false);
    expect(packages.has('zod')).toBe(false);
    // A file field's checks and sending (lib/uploads.ts) stand on the contract's zod-free rules.
    expect(modules.some((m) => m.endsWith('lib/uploads.ts'))).toBe(true);
    expect(modules.filter((m) => /packages\/contract\/src\/api-/.test(m))).toEqual([]);
  });

  it("loads the one service's definition, not the catalogue", async () => {
    const { modules } = await staticImportsOf('../../lib/service-definition.ts');
    expect(catalogueModules(modules).sort()).toEqual(['service-folder.ts', 'service-loaders.ts']);
  });

  it('keeps the checks (zod, the step schemas) for the first submit', async () => {
    const { modules } = await staticImportsOf('./step-checker.ts');
    expect(catalogueModules(modules)).toContain('schema-builder.ts');
    expect(modules.some((m) => m.endsWith('lib/zod-resolver.ts'))).toBe(true);
  });
});
