import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importMetaGlob } from '@kaunti/catalogue/build/import-meta-glob.mjs';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

const ID = 'virtual:kaunti-catalogue-index';
const here = dirname(fileURLToPath(import.meta.url));

/**
 * `import index from 'virtual:kaunti-catalogue-index'`: the catalogue's index (routes, menus,
 * titles; packages/catalogue/src/catalogue-index.ts), worked out from the definitions when the
 * app is built (or tested), so the shell follows the catalogue without carrying it: adding a
 * service adds its route, menu entry and landing link with no file of the web app touched.
 */
export function catalogueIndex(): Plugin {
  return {
    name: 'kaunti-catalogue-index',
    resolveId(source) {
      return source === ID ? `\0${ID}` : undefined;
    },
    async load(id) {
      if (id !== `\0${ID}`) return undefined;
      const bundled = await build({
        stdin: {
          contents:
            "import { services } from '@kaunti/catalogue/catalogue';\n" +
            "import { catalogueIndexOf } from '@kaunti/catalogue/catalogue-index';\n" +
            'export const index = catalogueIndexOf(services);\n',
          resolveDir: here,
          loader: 'ts',
        },
        bundle: true,
        write: false,
        format: 'esm',
        platform: 'node',
        metafile: true,
        logLevel: 'silent',
        plugins: [importMetaGlob()],
      });
      // Rebuilt in development when a definition changes.
      for (const input of Object.keys(bundled.metafile.inputs))
        if (input.includes('packages/catalogue/')) this.addWatchFile(`${here}/../../${input}`);
      const code = bundled.outputFiles[0]!.text;
      const module = (await import(
        `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`
      )) as {
        index: unknown;
      };
      return `export default ${JSON.stringify(module.index)};`;
    },
  };
}
