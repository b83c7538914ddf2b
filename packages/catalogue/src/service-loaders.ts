import type { ServiceDefinition } from './definition';

/**
 * Each built-in service's definition on its own, by id: a dynamic import of its file alone, so a
 * page that shows one service (the web wizard) fetches that definition — not the catalogue with
 * every other one. Zod-free, like the service files. A service's file is named by its id
 * (`services/<area>/<id>.ts`, kept true by `service-loaders.test.ts`), so there is no list to keep
 * here: the bundler finds the files (`import.meta.glob`, Vite's, in the web app and its tests),
 * and adding a service to the catalogue adds its loader. A service added with `addService` has
 * no file: look it up in the catalogue.
 */
const files = import.meta.glob<Record<string, unknown>>([
  './services/*/*.ts',
  '!./services/*/*.test.ts',
  '!./services/*/shared-fields.ts',
]);
const fileOf = new Map(Object.entries(files).map(([path, load]) => [/([^/]+)\.ts$/.exec(path)?.[1], load]));

/** The loader of a built-in service's definition, or undefined (an unknown id, or one added later). */
export function serviceLoaderOf(id: string): (() => Promise<ServiceDefinition>) | undefined {
  const load = fileOf.get(id);
  if (!load) return undefined;
  return async () => {
    const definition = Object.values(await load()).find(
      (value): value is ServiceDefinition =>
        typeof value === 'object' && value !== null && (value as { id?: unknown }).id === id,
    );
    if (!definition) throw new Error(`The file of the service ${id} exports no definition with that id`);
    return definition;
  };
}
