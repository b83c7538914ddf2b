import type { ServiceDefinition, ServiceSummary } from './definition';
import { summaryOf } from './definition';
import { assembleService, type FolderFiles, foldersOf, type ServiceFolder } from './service-folder';
import { type CountySlug, type Tariff, type TariffRow, tariffKey } from './tariff';

/**
 * The registry of services: every citizen service the portal offers, found by its folder
 * (`services/<area>/<service id>/`, see service-folder.ts). There is no list to keep: a folder
 * added is a service served — its wizard, menu entry, landing link, submit path, quote, bill,
 * document and E-Verify — and a folder removed is gone.
 */
const files: FolderFiles = import.meta.glob(
  [
    './services/*/*/definition.ts',
    './services/*/*/tariff.ts',
    './services/*/*/sw.json',
    './services/*/*/document.ts',
    './services/*/shared.sw.json',
    './services/*/tariff.ts',
  ],
  { eager: true },
);
const countyTariffs = import.meta.glob<{ default: Tariff }>('./counties/*/tariff.ts', { eager: true });

const builtIn: ServiceFolder[] = foldersOf(files);

/** Every service: the built-in ones, then any added with `addServiceFolder`. Read it when you need it. */
export const services: readonly ServiceDefinition[] = builtIn.map(assembleService);

/** The fee rows the areas' services share (`services/<area>/tariff.ts`), and those added with folders. */
const sharedTariffs: Tariff[] = Object.entries(files)
  .filter(([file]) => /^\.\/services\/[^/]+\/tariff\.ts$/.test(file))
  .map(([, module]) => module.default as Tariff);
const serviceTariffs = new Map<string, Tariff>(
  builtIn.flatMap((folder) => (folder.tariff ? [[folder.definition.id, folder.tariff] as const] : [])),
);

/**
 * Adds a service folder to the catalogue — a fixture's throw-away service in the tests, a
 * county's own service in a deployment — before the server is built: the engine then serves it
 * like any folder found in `services/`. Answers the undo.
 */
export function addServiceFolder(folder: ServiceFolder): () => void {
  const definition = assembleService(folder);
  if (services.some((s) => s.id === definition.id || s.route === definition.route))
    throw new Error(
      `The catalogue already has a service "${definition.id}" or the route ${definition.route}.`,
    );
  (services as ServiceDefinition[]).push(definition);
  if (folder.tariff) serviceTariffs.set(definition.id, folder.tariff);
  return () => {
    const at = services.indexOf(definition);
    if (at >= 0) (services as ServiceDefinition[]).splice(at, 1);
    if (folder.tariff && serviceTariffs.get(definition.id) === folder.tariff)
      serviceTariffs.delete(definition.id);
  };
}

/** A definition alone, as a folder with nothing else in it (its tariff rows then come from elsewhere). */
export function addService(definition: ServiceDefinition): () => void {
  return addServiceFolder({ path: `(added ${definition.id})`, definition });
}

/** The service with this id, or undefined. */
export function findService(id: string): ServiceDefinition | undefined {
  return services.find((s) => s.id === id);
}

/** The services of an area, in menu order. */
export function servicesOf(area: ServiceDefinition['area']): ServiceDefinition[] {
  return services.filter((s) => s.area === area).sort((a, b) => a.order - b.order);
}

/** The entries of an area's services menu (spec section 2), in order. */
export function menuOf(area: ServiceDefinition['area']): ServiceSummary[] {
  return servicesOf(area)
    .filter((s) => s.menu)
    .map(summaryOf);
}

/** A service's own tariff (its folder's tariff.ts), if it has one. */
export function tariffOf(id: string): Tariff | undefined {
  return serviceTariffs.get(id);
}

/**
 * Every fee row a county charges, from every folder (the services' and the areas' shared ones),
 * a county folder's rows (`counties/<county>/tariff.ts`) in place of the same schedule, item and
 * date. Two folders writing the same row is an error: each row has one home.
 */
export function tariffRowsOf(county: CountySlug): TariffRow[] {
  const out = new Map<string, TariffRow>();
  for (const tariff of [...sharedTariffs, ...serviceTariffs.values()]) {
    for (const row of tariff[county] ?? []) {
      const key = tariffKey(row);
      if (out.has(key))
        throw new Error(
          `The fee row ${row.schedule}/${row.item} from ${row.effective_from} is written twice for ${county}.`,
        );
      out.set(key, row);
    }
  }
  for (const [file, module] of Object.entries(countyTariffs)) {
    if (!file.startsWith(`./counties/${county}/`)) continue;
    for (const row of module.default[county] ?? []) out.set(tariffKey(row), row);
  }
  return [...out.values()];
}
