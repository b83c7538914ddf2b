import type { FieldDefinition, ServiceDefinition } from '@kaunti/catalogue/definition';
import {
  findReferenceList,
  type ReferenceOption,
  readOptions,
  referenceLists,
} from '@kaunti/catalogue/registries/reference-lists';
import { fieldsOf } from '@kaunti/catalogue/schema-builder';
import type { FieldError } from '@kaunti/contract/errors';

/**
 * A reference list's answer, as its API route answers it (e.g. `{ data: [...] }`), for these
 * parameter values: the module that owns the list registers it with the same function its route
 * calls, so the server checks a choice against exactly what the form offered.
 */
export type ReferenceListSource = (params: Readonly<Record<string, string>>) => Promise<unknown>;

/**
 * The choices of the catalogue's reference lists on the server, by list name: every select field
 * that takes its choices from a list is checked against them on submit (for every service, not
 * by one area matching field names), and the back office shows a code by its name.
 */
export function createReferenceChoices() {
  const sources = new Map<string, ReferenceListSource>();

  /** The list parameters' values, from the other fields of the form. */
  function paramsOf(field: FieldDefinition, values: Record<string, unknown>): Record<string, string> {
    const source = field.options;
    if (!source || !('list' in source)) return {};
    return Object.fromEntries(
      Object.entries(source.params ?? {}).map(([param, name]) => [param, String(values[name] ?? '')]),
    );
  }

  /** The choices a list field offered for these values; undefined when it is not a list field. */
  async function optionsOf(
    field: FieldDefinition,
    values: Record<string, unknown>,
  ): Promise<ReferenceOption[] | undefined> {
    const source = field.options;
    if (!source || !('list' in source)) return undefined;
    const list = findReferenceList(source.list);
    const answer = sources.get(source.list);
    if (!list || !answer) throw new Error(`No source for the reference list "${source.list}"`);
    const params = paramsOf(field, values);
    // A dependent list without its parent's value offers nothing.
    if (Object.keys(list.params ?? {}).some((name) => !params[name])) return [];
    return readOptions(list, await answer(params), params);
  }

  return {
    /** Where a list's choices come from (called by the module that owns it, at start). */
    register(name: string, source: ReferenceListSource): void {
      if (!findReferenceList(name)) throw new Error(`"${name}" is not a reference list of the catalogue`);
      sources.set(name, source);
    },

    /** The catalogue's lists that nothing answers (none, once every module has started). */
    unanswered(): string[] {
      return Object.keys(referenceLists).filter((name) => !sources.has(name));
    },

    optionsOf,

    /** Every list field whose value is not among the choices the form offered for it. */
    async check(service: ServiceDefinition, values: Record<string, unknown>): Promise<FieldError[]> {
      const errors: FieldError[] = [];
      for (const field of fieldsOf(service)) {
        const value = values[field.name];
        if (typeof value !== 'string' || value === '' || !field.options || !('list' in field.options))
          continue;
        const options = await optionsOf(field, values);
        if (options?.some((o) => o.value === value)) continue;
        errors.push({
          path: field.name,
          message: field.invalid_message ?? findReferenceList(field.options.list)!.invalid_message,
        });
      }
      return errors;
    },

    /** "274" → "Westlands (274)": a list field's value by its name; undefined when not found. */
    async labelOf(field: FieldDefinition, values: Record<string, unknown>): Promise<string | undefined> {
      const value = values[field.name];
      if (typeof value !== 'string' || value === '') return undefined;
      const option = (await optionsOf(field, values))?.find((o) => o.value === value);
      return option ? `${option.label} (${value})` : undefined;
    },
  };
}
export type ReferenceChoices = ReturnType<typeof createReferenceChoices>;
