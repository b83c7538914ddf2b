import type { ServiceDefinition } from './definition-schema';
import type { DocumentTemplate } from './registries/document-template';
import type { FieldTexts, ServiceTexts } from './service-texts';
import type { Tariff } from './tariff';

/**
 * One service is one folder, `services/<area>/<service id>/`:
 *
 *   definition.ts   export default defineService({...})   the form, fee rule, workflow (English)
 *   tariff.ts       export default defineTariff({...})    its fee rows, per county, with dates
 *   sw.json         its texts in Kiswahili                 (service-texts.ts)
 *   document.ts     export default defineDocument({...})  its own template, when no registered fits
 *   lists/<name>.ts export default defineReferenceData()  county reference data it offers
 *
 * and nothing else of it is written anywhere else: the catalogue finds the folders
 * (catalogue.ts), the server seeds their tariff rows and lists, the web builds its routes, menus
 * and landing links from them. An area's services may share fields (`services/<area>/shared-fields.ts`
 * with `shared.sw.json`), fee rows (`services/<area>/tariff.ts`) and lists (`services/<area>/lists/`).
 * Zod-free: the web wizard assembles the one service it shows with it.
 */
export interface ServiceFolder {
  /** Where it was found, e.g. "./services/health/food-handlers-certificate/" (for messages). */
  path: string;
  definition: ServiceDefinition;
  tariff?: Tariff | undefined;
  sw?: ServiceTexts | undefined;
  /** The area's shared field texts (`services/<area>/shared.sw.json`). */
  sharedSw?: Pick<ServiceTexts, 'fields'> | undefined;
  document?: DocumentTemplate | undefined;
}

/** A shared field's texts under the names the service uses, beneath its own (its own win). */
function withShared(
  own: Record<string, FieldTexts> | undefined,
  shared: Record<string, FieldTexts> | undefined,
): Record<string, FieldTexts> | undefined {
  if (!shared) return own;
  const out: Record<string, FieldTexts> = { ...shared };
  for (const [name, texts] of Object.entries(own ?? {})) {
    const base = shared[name];
    out[name] = base
      ? {
          ...base,
          ...texts,
          ...(base.options || texts.options ? { options: { ...base.options, ...texts.options } } : {}),
          ...(base.fields || texts.fields ? { fields: withShared(texts.fields, base.fields) } : {}),
        }
      : texts;
  }
  return out;
}

/**
 * The service a folder holds: its definition with its own document template and its texts in
 * each language (the area's shared field texts beneath its own). Checks that the folder is named
 * by the service's id and sits under its area.
 */
export function assembleService(folder: ServiceFolder): ServiceDefinition {
  const { definition, path } = folder;
  const match = /services\/([^/]+)\/([^/]+)\/?$/.exec(path);
  if (match && (match[1] !== definition.area || match[2] !== definition.id))
    throw new Error(
      `${path}: a service's folder is services/<area>/<id>/ (this one holds ${definition.area}/${definition.id}).`,
    );
  if (folder.document && definition.document)
    throw new Error(`${path}: the template is in document.ts or in the definition, not both.`);
  const sw: ServiceTexts | undefined =
    folder.sw || folder.sharedSw
      ? { ...folder.sw, fields: withShared(folder.sw?.fields, folder.sharedSw?.fields) ?? {} }
      : undefined;
  return {
    ...definition,
    ...(folder.document ? { document: folder.document } : {}),
    ...(sw ? { texts: { sw } } : {}),
  };
}

/** The files of one or more service folders, by path, as `import.meta.glob(..., { eager: true })` answers them. */
export type FolderFiles = Record<string, { default: unknown }>;

/**
 * The service folders among these files (a `definition.ts` makes a folder; its `tariff.ts`,
 * `sw.json` and `document.ts` beside it, and its area's `shared.sw.json` one level up, go with it):
 * how the catalogue finds its services, and how a test adds a fixture's folder.
 */
export function foldersOf(files: FolderFiles): ServiceFolder[] {
  const at = (path: string) => files[path]?.default;
  return Object.keys(files)
    .filter((file) => file.endsWith('/definition.ts'))
    .sort()
    .map((file) => {
      const path = file.slice(0, file.lastIndexOf('/') + 1);
      const area = path.replace(/[^/]+\/$/, '');
      return {
        path,
        definition: at(`${path}definition.ts`) as ServiceDefinition,
        tariff: at(`${path}tariff.ts`) as Tariff | undefined,
        sw: at(`${path}sw.json`) as ServiceTexts | undefined,
        sharedSw: at(`${area}shared.sw.json`) as Pick<ServiceTexts, 'fields'> | undefined,
        document: at(`${path}document.ts`) as DocumentTemplate | undefined,
      };
    });
}
