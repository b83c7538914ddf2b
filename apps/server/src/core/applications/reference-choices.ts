import type { FieldDefinition, ServiceDefinition } from '@kaunti/catalogue/definition';
import {
  findReferenceList,
  neededParams,
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
export type ReferenceListSource = (
  params: Readonly<Record<string, string>>,
  /** The reader's language: a list whose items have Kiswahili names answers them in it (`name`). */
  language?: ChoiceLanguage,
) => Promise<unknown>;

/** The languages a list's choices are read in. */
export type ChoiceLanguage = 'en' | 'sw';

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

  /** One reading of a form: each source is asked once for the parameters it is sent (and its language). */
  type Answers = Map<ReferenceListSource, Map<string, Promise<unknown>>>;

  /** The choices a list field offered for these values; undefined when it is not a list field. */
  async function optionsOf(
    field: FieldDefinition,
    values: Record<string, unknown>,
    answers: Answers = new Map(),
    language: ChoiceLanguage = 'en',
  ): Promise<ReferenceOption[] | undefined> {
    const source = field.options;
    if (!source || !('list' in source)) return undefined;
    const list = findReferenceList(source.list);
    const answer = sources.get(source.list);
    if (!list || !answer) throw new Error(`No source for the reference list "${source.list}"`);
    const params = paramsOf(field, values);
    // A dependent list without its parent's value offers nothing.
    if (neededParams(list, params).some((name) => !params[name])) return [];
    // Sub-counties and wards are one answer (a `match` parameter is not sent): asked once per
    // reading of a form, not once per field.
    const sent = JSON.stringify([
      language,
      Object.entries(params).filter(([name]) => list.params?.[name] !== 'match'),
    ]);
    const asked = answers.get(answer) ?? new Map<string, Promise<unknown>>();
    answers.set(answer, asked);
    let pending = asked.get(sent);
    if (!pending) {
      pending = answer(params, language);
      asked.set(sent, pending);
    }
    return readOptions(list, await pending, params);
  }

  /** A chosen value in words, as documents and the back office show it: "Westlands (274)". */
  const inWords = (option: ReferenceOption, value: string) => `${option.label} (${value})`;

  /**
   * One reading of a form's list fields: every value that is not among the choices the form
   * offered for it (`errors`), and each one that is, in words as it was chosen (`labels`:
   * "274" → "Westlands (274)", what its document prints) and, where its list has other words in
   * Kiswahili, in those (`labelsSw`: what its Kiswahili document prints).
   */
  async function read(
    service: ServiceDefinition,
    values: Record<string, unknown>,
  ): Promise<{ errors: FieldError[]; labels: Record<string, string>; labelsSw: Record<string, string> }> {
    const errors: FieldError[] = [];
    const labels: Record<string, string> = {};
    const labelsSw: Record<string, string> = {};
    const answers: Answers = new Map();
    // A list field of a repeating group is read in each entry (its parameters from the entry,
    // else from the form), and named by its path: "linesData.1.activity_code".
    const entries: { path: string; field: FieldDefinition; scope: Record<string, unknown> }[] = [];
    for (const field of fieldsOf(service)) {
      const value = values[field.name];
      if (field.kind === 'group' && Array.isArray(value)) {
        value.forEach((entry, i) => {
          const own = entry && typeof entry === 'object' ? (entry as Record<string, unknown>) : {};
          for (const inner of field.fields ?? [])
            entries.push({
              path: `${field.name}.${i}.${inner.name}`,
              field: inner,
              scope: { ...values, ...own },
            });
        });
      } else entries.push({ path: field.name, field, scope: values });
    }
    for (const { path, field, scope } of entries) {
      const value = scope[field.name];
      if (typeof value !== 'string' || value === '' || !field.options || !('list' in field.options)) continue;
      const chosen = (await optionsOf(field, scope, answers))?.find((o) => o.value === value);
      if (chosen) {
        labels[path] = inWords(chosen, value);
        const inSw = await optionsOf(field, scope, answers, 'sw').then(
          (options) => options?.find((o) => o.value === value),
          // The Kiswahili names are a nicety: a list that fails to answer them keeps the English.
          () => undefined,
        );
        if (inSw && inSw.label !== chosen.label) labelsSw[path] = inWords(inSw, value);
        continue;
      }
      errors.push({
        path,
        message: field.invalid_message ?? findReferenceList(field.options.list)!.invalid_message,
      });
    }
    return { errors, labels, labelsSw };
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

    read,

    /** A list field's choices for these answers (the USSD menu lists them); undefined if not a list field. */
    optionsFor(
      field: FieldDefinition,
      values: Record<string, unknown>,
      /** The caller's language: a list with Kiswahili names answers them. */
      language: ChoiceLanguage = 'en',
    ): Promise<ReferenceOption[] | undefined> {
      return optionsOf(field, values, new Map(), language);
    },

    /** Every list field whose value is not among the choices the form offered for it. */
    async check(service: ServiceDefinition, values: Record<string, unknown>): Promise<FieldError[]> {
      return (await read(service, values)).errors;
    },

    /**
     * "274" → "Westlands (274)": each list field's value by its name, in the order of `fields`;
     * undefined where a field is not a list field, its value is not found, or its list fails.
     */
    async labelsOf(
      fields: readonly FieldDefinition[],
      values: Record<string, unknown>,
    ): Promise<(string | undefined)[]> {
      const answers: Answers = new Map();
      return Promise.all(
        fields.map(async (field) => {
          const value = values[field.name];
          if (typeof value !== 'string' || value === '') return undefined;
          try {
            const option = (await optionsOf(field, values, answers))?.find((o) => o.value === value);
            return option ? inWords(option, value) : undefined;
          } catch {
            return undefined;
          }
        }),
      );
    },
  };
}
export type ReferenceChoices = ReturnType<typeof createReferenceChoices>;
