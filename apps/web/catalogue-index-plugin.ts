import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importMetaGlob } from '@kaunti/catalogue/build/import-meta-glob.mjs';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

const ID = 'virtual:kaunti-catalogue-index';
const TEXTS = 'virtual:kaunti-catalogue-texts/';
const here = dirname(fileURLToPath(import.meta.url));

/** Runs `code` (which imports the catalogue) at build time and answers what it exports as `value`. */
async function evaluate(code: string, watch: (file: string) => void): Promise<unknown> {
  const bundled = await build({
    stdin: { contents: code, resolveDir: here, loader: 'ts' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    metafile: true,
    logLevel: 'silent',
    plugins: [importMetaGlob()],
  });
  // Rebuilt in development when a service folder changes.
  for (const input of Object.keys(bundled.metafile.inputs))
    if (input.includes('packages/catalogue/')) watch(`${here}/../../${input}`);
  const module = (await import(
    `data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0]!.text).toString('base64')}`
  )) as { value: unknown };
  return module.value;
}

/**
 * `import index from 'virtual:kaunti-catalogue-index'`: the catalogue's index (routes, menus,
 * titles; packages/catalogue/src/catalogue-index.ts), worked out from the service folders when the
 * app is built (or tested), so the shell follows the catalogue without carrying it: adding a
 * service folder adds its route, menu entry and landing link with no file of the web app touched.
 * `import('virtual:kaunti-catalogue-texts/sw')`: the services' names, menu sentences and step
 * titles in Kiswahili, from their folders, which the translator adds to the `common` namespace.
 */
export function catalogueIndex(): Plugin {
  return {
    name: 'kaunti-catalogue-index',
    resolveId(source) {
      return source === ID || source.startsWith(TEXTS) ? `\0${source}` : undefined;
    },
    async load(id) {
      const watch = (file: string) => this.addWatchFile(file);
      if (id === `\0${ID}`) {
        const index = await evaluate(
          "import { services } from '@kaunti/catalogue/catalogue';\n" +
            "import { catalogueIndexOf } from '@kaunti/catalogue/catalogue-index';\n" +
            'export const value = catalogueIndexOf(services);\n',
          watch,
        );
        return `export default ${JSON.stringify(index)};`;
      }
      if (id.startsWith(`\0${TEXTS}`)) {
        const language = id.slice(`\0${TEXTS}`.length);
        if (language !== 'sw') throw new Error(`No catalogue texts for the language "${language}"`);
        const texts = await evaluate(
          "import { services } from '@kaunti/catalogue/catalogue';\n" +
            "import { catalogueTextsOf } from '@kaunti/catalogue/catalogue-index';\n" +
            "export const value = catalogueTextsOf(services, 'sw');\n",
          watch,
        );
        return `export default ${JSON.stringify(texts)};`;
      }
      return undefined;
    },
  };
}
