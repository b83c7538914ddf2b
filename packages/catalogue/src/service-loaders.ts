import type { ServiceDefinition } from './definition';
import { assembleService } from './service-folder';
import type { ServiceTexts } from './service-texts';

/**
 * Each built-in service on its own, by id: a dynamic import of its folder's definition and texts
 * (and its area's shared field texts) alone, so a page that shows one service (the web wizard)
 * fetches that service — not the catalogue with every other one. Zod-free, like the definitions.
 * The folders are found by the bundler (`import.meta.glob`, Vite's, in the web app and its tests),
 * so adding a folder adds its loader. A service added with `addServiceFolder` has no loader: look
 * it up in the catalogue.
 */
type Module<T> = { default: T };
const definitions = import.meta.glob<Module<ServiceDefinition>>('./services/*/*/definition.ts');
const texts = import.meta.glob<Module<ServiceTexts>>('./services/*/*/sw.json');
const sharedTexts = import.meta.glob<Module<Pick<ServiceTexts, 'fields'>>>('./services/*/shared.sw.json');

const folderById = new Map(
  Object.keys(definitions).map((file) => {
    const folder = file.slice(0, file.lastIndexOf('/') + 1);
    return [/([^/]+)\/$/.exec(folder)?.[1], folder] as const;
  }),
);

/** The loader of a built-in service, or undefined (an unknown id, or one added later). */
export function serviceLoaderOf(id: string): (() => Promise<ServiceDefinition>) | undefined {
  const path = folderById.get(id);
  const loadDefinition = path ? definitions[`${path}definition.ts`] : undefined;
  if (!path || !loadDefinition) return undefined;
  return async () => {
    const area = path.replace(/[^/]+\/$/, '');
    const [definition, sw, sharedSw] = await Promise.all([
      loadDefinition(),
      texts[`${path}sw.json`]?.(),
      sharedTexts[`${area}shared.sw.json`]?.(),
    ]);
    if (definition.default?.id !== id)
      throw new Error(`The folder of the service ${id} holds no definition with that id`);
    return assembleService({
      path,
      definition: definition.default,
      sw: sw?.default,
      sharedSw: sharedSw?.default,
    });
  };
}
