import type { FieldDefinition, ServiceDefinition, StepDefinition } from './definition-schema';
import type { DocumentTemplate } from './registries/document-template';

import type { BlockTexts, FieldTexts, ServiceTexts, StatusSmsStep, StepTexts, TemplateTexts } from './texts';

export type { BlockTexts, FieldTexts, ServiceTexts, StatusSmsStep, StepTexts, TemplateTexts } from './texts';

/** The text of a step's block `index` (a list's item `item`), wherever the texts file keeps it. */
function blockText(step: StepTexts | undefined, index: number, item?: number): string | undefined {
  const block = (step?.content as Readonly<Record<string, BlockTexts>> | undefined)?.[String(index)];
  if (item === undefined) return typeof block === 'string' ? block : undefined;
  const text =
    typeof block === 'object' ? (block as Readonly<Record<string, string>>)[String(item)] : undefined;
  return typeof text === 'string' ? text : undefined;
}

/** The languages a service's texts come in besides English. */
export type OtherLanguage = 'sw';
export const OTHER_LANGUAGES: readonly OtherLanguage[] = ['sw'];

/** A definition's texts in each language, and its area's shared field texts. */
export interface TextSources {
  own?: ServiceTexts | undefined;
  /** The texts of the area's shared fields (`shared.sw.json`). */
  shared?: Pick<ServiceTexts, 'fields'> | undefined;
}

/** What a field message says in Kiswahili when the definition's own has no translation. */
const GENERIC_INVALID: Record<OtherLanguage, (label: string) => string> = {
  sw: (label) => `Tafadhali angalia ${label.toLowerCase()}`,
};

function fieldTexts(sources: TextSources, path: readonly string[]): FieldTexts | undefined {
  const find = (root: Record<string, FieldTexts> | undefined): FieldTexts | undefined => {
    let node: FieldTexts | undefined;
    let level = root;
    for (const name of path) {
      node = level?.[name];
      level = node?.fields;
    }
    return node;
  };
  const own = find(sources.own?.fields);
  const shared = find(sources.shared?.fields);
  if (!own) return shared;
  if (!shared) return own;
  return { ...shared, ...own, options: { ...shared.options, ...own.options } };
}

function localiseField(
  field: FieldDefinition,
  sources: TextSources,
  language: OtherLanguage,
  path: readonly string[],
): FieldDefinition {
  const texts = fieldTexts(sources, path) ?? {};
  const label = texts.label || field.label;
  const out: FieldDefinition = { ...field, label };
  if (field.hint !== undefined) out.hint = texts.hint || field.hint;
  if (field.placeholder !== undefined) out.placeholder = texts.placeholder || field.placeholder;
  if (field.add_label !== undefined) out.add_label = texts.add_label || field.add_label;
  if (field.entry_label !== undefined) out.entry_label = texts.entry_label || field.entry_label;
  if (field.required_message !== undefined)
    out.required_message = texts.required_message || field.required_message;
  // Checks whose message the kind would make in English say it in the reader's language.
  out.invalid_message = texts.invalid_message || GENERIC_INVALID[language](label);
  if (field.pattern)
    out.pattern = { ...field.pattern, message: texts.pattern_message || field.pattern.message };
  if (field.options && 'static' in field.options)
    out.options = {
      static: field.options.static.map((o) => ({ ...o, label: texts.options?.[o.value] || o.label })),
    };
  if (field.fields)
    out.fields = field.fields.map((inner) => localiseField(inner, sources, language, [...path, inner.name]));
  return out;
}

function localiseStep(step: StepDefinition, sources: TextSources, language: OtherLanguage): StepDefinition {
  const texts = sources.own?.steps?.[step.id] ?? {};
  const out: StepDefinition = { ...step, title: texts.title || step.title };
  if (step.description !== undefined) out.description = texts.description || step.description;
  if (step.content)
    out.content = step.content.map((block, index) => {
      if (block.type === 'list')
        return { ...block, items: block.items.map((item, i) => blockText(texts, index, i) || item) };
      return { ...block, text: blockText(texts, index) || block.text };
    });
  if (step.fields) out.fields = step.fields.map((f) => localiseField(f, sources, language, [f.name]));
  return out;
}

/** A document template with its texts in the reader's language (the English where none is given). */
export function localiseTemplate(
  template: DocumentTemplate,
  texts: TemplateTexts | undefined,
): DocumentTemplate {
  if (!texts) return template;
  const out: DocumentTemplate = {
    ...template,
    title: texts.title || template.title,
    description: texts.description || template.description,
  };
  if (template.facts)
    out.facts = template.facts.map((f) => ({ ...f, label: texts.facts?.[f.field] || f.label }));
  if (template.tables)
    out.tables = template.tables.map((table) => {
      const own = texts.tables?.[table.field];
      return {
        ...table,
        title: own?.title || table.title,
        columns: table.columns.map((c) => ({ ...c, label: own?.columns?.[c.key] || c.label })),
      };
    });
  if (template.body) out.body = template.body.map((p, i) => texts.body?.[i] || p);
  if (template.conditions) out.conditions = template.conditions.map((c, i) => texts.conditions?.[i] || c);
  if (template.conditions_title !== undefined || texts.conditions_title)
    out.conditions_title = texts.conditions_title || template.conditions_title;
  return out;
}

/**
 * The definition with every text in `language`, from its folder's texts (and its area's shared
 * field texts): what the web wizard draws and checks in Kiswahili, and what the open catalogue
 * answers to `Accept-Language: sw`. Names, values and rules are untouched, so an answer given in
 * one language is the same answer in the other.
 */
export function localiseService<D extends ServiceDefinition>(
  definition: D,
  sources: TextSources,
  language: OtherLanguage,
): D {
  const own = sources.own ?? {};
  const out: D = {
    ...definition,
    title: own.title || definition.title,
    description: own.description || definition.description,
    steps: definition.steps.map((step) => localiseStep(step, sources, language)),
    submit: {
      ...definition.submit,
      success_message: own.submit?.success_message || definition.submit.success_message,
      ...(definition.submit.failure_message !== undefined
        ? { failure_message: own.submit?.failure_message || definition.submit.failure_message }
        : {}),
    },
  };
  if (definition.required_documents)
    out.required_documents = definition.required_documents.map((d) => ({
      ...d,
      title: own.required_documents?.[d.field] || d.title,
    }));
  if (definition.document) out.document = localiseTemplate(definition.document, own.document);
  if (definition.status_sms)
    out.status_sms = Object.fromEntries(
      Object.entries(definition.status_sms).map(([step, text]) => [
        step,
        own.status_sms?.[step as StatusSmsStep] || text,
      ]),
    );
  return out;
}

/**
 * Every text of the definition that has no translation in these sources, by its key in the texts
 * file (e.g. `fields.vehicles.fields.plate.label`): the catalogue check fails naming each. The
 * document's texts are checked only where the service brings its own template.
 */
export function missingTexts(definition: ServiceDefinition, sources: TextSources): string[] {
  const missing: string[] = [];
  const own = sources.own ?? {};
  const need = (key: string, value: string | undefined) => {
    if (!value || value.trim() === '') missing.push(key);
  };
  need('title', own.title);
  need('description', own.description);
  for (const step of definition.steps) {
    const texts = own.steps?.[step.id];
    const key = `steps.${step.id}`;
    need(`${key}.title`, texts?.title);
    if (step.description !== undefined) need(`${key}.description`, texts?.description);
    (step.content ?? []).forEach((block, index) => {
      if (block.type === 'list')
        block.items.forEach((_, i) => {
          need(`${key}.content.${index}.${i}`, blockText(texts, index, i));
        });
      else need(`${key}.content.${index}`, blockText(texts, index));
    });
  }
  const field = (f: FieldDefinition, path: string[]) => {
    const texts = fieldTexts(sources, path) ?? {};
    const key = `fields.${path.join('.fields.')}`;
    need(`${key}.label`, texts.label);
    if (f.hint !== undefined) need(`${key}.hint`, texts.hint);
    if (f.placeholder !== undefined) need(`${key}.placeholder`, texts.placeholder);
    if (f.add_label !== undefined) need(`${key}.add_label`, texts.add_label);
    if (f.entry_label !== undefined) need(`${key}.entry_label`, texts.entry_label);
    if (f.required_message !== undefined) need(`${key}.required_message`, texts.required_message);
    if (f.invalid_message !== undefined) need(`${key}.invalid_message`, texts.invalid_message);
    if (f.pattern) need(`${key}.pattern_message`, texts.pattern_message);
    if (f.options && 'static' in f.options)
      for (const o of f.options.static) need(`${key}.options.${o.value}`, texts.options?.[o.value]);
    for (const inner of f.fields ?? []) field(inner, [...path, inner.name]);
  };
  for (const step of definition.steps) for (const f of step.fields ?? []) field(f, [f.name]);
  for (const d of definition.required_documents ?? [])
    need(`required_documents.${d.field}`, own.required_documents?.[d.field]);
  need('submit.success_message', own.submit?.success_message);
  if (definition.submit.failure_message !== undefined)
    need('submit.failure_message', own.submit?.failure_message);
  for (const step of Object.keys(definition.status_sms ?? {}) as StatusSmsStep[])
    need(`status_sms.${step}`, own.status_sms?.[step]);
  if (definition.document)
    missing.push(...missingTemplateTexts(definition.document, own.document, 'document'));
  return missing;
}

/** A template's texts that have no translation, by key (prefixed). */
export function missingTemplateTexts(
  template: DocumentTemplate,
  texts: TemplateTexts | undefined,
  prefix: string,
): string[] {
  const missing: string[] = [];
  const need = (key: string, value: string | undefined) => {
    if (!value || value.trim() === '') missing.push(`${prefix}.${key}`);
  };
  need('title', texts?.title);
  need('description', texts?.description);
  for (const fact of template.facts ?? []) need(`facts.${fact.field}`, texts?.facts?.[fact.field]);
  for (const table of template.tables ?? []) {
    need(`tables.${table.field}.title`, texts?.tables?.[table.field]?.title);
    for (const column of table.columns)
      need(
        `tables.${table.field}.columns.${column.key}`,
        texts?.tables?.[table.field]?.columns?.[column.key],
      );
  }
  (template.body ?? []).forEach((_, i) => {
    need(`body.${i}`, texts?.body?.[i]);
  });
  (template.conditions ?? []).forEach((_, i) => {
    need(`conditions.${i}`, texts?.conditions?.[i]);
  });
  if (template.conditions_title !== undefined) need('conditions_title', texts?.conditions_title);
  return missing;
}

/**
 * The English sentence → its translation, of every message the definition says itself (required,
 * invalid and pattern messages, the success and failure messages): what the server answers in
 * English is shown in the reader's language.
 */
export function messagesOf(english: ServiceDefinition, localised: ServiceDefinition): Map<string, string> {
  const out = new Map<string, string>();
  const add = (from: string | undefined, to: string | undefined) => {
    if (from && to && from !== to) out.set(from, to);
  };
  const pairFields = (a: readonly FieldDefinition[] = [], b: readonly FieldDefinition[] = []) =>
    a.forEach((f, i) => {
      const g = b[i];
      if (!g) return;
      add(f.required_message, g.required_message);
      add(f.invalid_message, g.invalid_message);
      add(f.pattern?.message, g.pattern?.message);
      pairFields(f.fields, g.fields);
    });
  english.steps.forEach((step, i) => {
    pairFields(step.fields, localised.steps[i]?.fields);
  });
  add(english.submit.success_message, localised.submit.success_message);
  add(english.submit.failure_message, localised.submit.failure_message);
  return out;
}
