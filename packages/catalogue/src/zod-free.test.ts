import { readdirSync } from 'node:fs';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { importMetaGlob } from '../build/import-meta-glob.mjs';
import { fieldsOf, isShown, requiredMessageOf } from './field-rules';
import { fieldControls, findFieldControl } from './registries/field-controls';
import { fieldKinds } from './registries/field-kinds';
import * as schemaBuilder from './schema-builder';

/** The modules a page imports to DRAW a service (the web wizard's first load), without zod. */
const ZOD_FREE = [
  './define-service.ts',
  './field-rules.ts',
  './registries/field-controls.ts',
  './registries/reference-lists.ts',
  './service-loaders.ts',
  // Each service file (what the service loaders fetch).
  ...readdirSync(new URL('./services', import.meta.url), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => `./services/${file}`),
];

/** Every module the entry point brings with it (its dynamic imports too). */
async function inputsOf(entry: string): Promise<string[]> {
  const result = await build({
    entryPoints: [new URL(entry, import.meta.url).pathname],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    splitting: true,
    outdir: '/tmp/zod-free-check',
    metafile: true,
    logLevel: 'silent',
    plugins: [importMetaGlob()],
  });
  return Object.keys(result.metafile.inputs);
}

describe('what a page needs to draw a service loads no zod', () => {
  it.each(ZOD_FREE)('%s', async (entry) => {
    const inputs = await inputsOf(entry);
    expect(inputs.length).toBeGreaterThan(0);
    expect(
      inputs.filter((input) =>
        /node_modules\/zod\/|schema-builder|field-kinds|definition-schema/.test(input),
      ),
    ).toEqual([]);
  });
});

describe('field controls', () => {
  it('are the field kinds, each with its input and empty values', () => {
    expect(Object.keys(fieldControls).sort()).toEqual(Object.keys(fieldKinds).sort());
    for (const [name, kind] of Object.entries(fieldKinds)) {
      const control = findFieldControl(name);
      expect(control?.input, name).toBe(kind.input);
      expect(control?.emptyValues, name).toEqual('emptyValues' in kind ? kind.emptyValues : undefined);
    }
    expect(findFieldControl('no-such-kind')).toBeUndefined();
    expect(findFieldControl('hasOwnProperty')).toBeUndefined();
  });

  it('field rules are the schema builder’s own (re-exported, not copied)', () => {
    expect(schemaBuilder.isShown).toBe(isShown);
    expect(schemaBuilder.fieldsOf).toBe(fieldsOf);
    expect(schemaBuilder.requiredMessageOf).toBe(requiredMessageOf);
  });
});
