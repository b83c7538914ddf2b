import type { FieldDefinition, ServiceDefinition, StepDefinition } from '@kaunti/catalogue/definition';
import { localiseService, messagesOf } from '@kaunti/catalogue/service-texts';
import { useMemo } from 'react';
import { hasNamespace, useMessageTranslation } from './i18n';
import { useTranslation } from './translator';

/**
 * A catalogue service's texts in the reader's language. The definition is the English; its
 * other languages come with it from its folder (`services/<area>/<id>/sw.json`, and the area's
 * `shared.sw.json` for shared fields: `@kaunti/catalogue/service-texts`), so the service is drawn
 * from its localised definition — every step, field (a group's fields too, whatever name the form
 * gives them), option, hint and message — and the English where a text has no translation (the
 * catalogue check makes sure none is missing). Reference lists' labels come from the API with the
 * area namespace's `lists.<list>.<value>`; the server's other messages through `messages`.
 */
export interface ServiceText {
  namespace: string;
  stepTitle(step: StepDefinition): string;
  stepDescription(step: StepDefinition): string | undefined;
  /** A heading, paragraph or notice block's text, or a list's items. */
  block(step: StepDefinition, index: number, block: ContentBlock): string | string[];
  label(field: FieldDefinition): string;
  hint(field: FieldDefinition): string | undefined;
  placeholder(field: FieldDefinition): string | undefined;
  option(field: FieldDefinition, value: string, english: string): string;
  listOption(list: string, value: string, english: string): string;
  /** One entry of a repeating group, numbered by what it is: "Vehicle 2" (its `entry_label`, else its label). */
  entry(group: FieldDefinition, number: number): string;
  message(english: string): string;
}

/** One block of an information step's content. */
export type ContentBlock = NonNullable<StepDefinition['content']>[number];

/** Keys may not contain the separators: a value like "209/10001" is fine, "a.b" is escaped. */
function safe(part: string): string {
  return part.replaceAll('.', '_').replaceAll(':', '_');
}

/** Where a field sits: "plate", or "vehicles.plate" for a group's field drawn as "vehicles.0.plate". */
function pathOf(name: string): string {
  const parts = name.split('.');
  return parts.length === 3 ? `${parts[0]}.${parts[2]}` : name;
}

/**
 * Each field of the localised definition, found from the English one's field: by the very object
 * (a group's field as the definition holds it), else by where it sits (a group's field as the form
 * draws it, renamed "vehicles.0.plate").
 */
function fieldFinder(
  english: ServiceDefinition,
  localised: ServiceDefinition,
): (field: FieldDefinition) => FieldDefinition {
  const byObject = new WeakMap<FieldDefinition, FieldDefinition>();
  const byPath = new Map<string, FieldDefinition>();
  english.steps.forEach((step, s) => {
    (step.fields ?? []).forEach((field, f) => {
      const shown = localised.steps[s]?.fields?.[f] ?? field;
      byObject.set(field, shown);
      byPath.set(field.name, shown);
      (field.fields ?? []).forEach((inner, i) => {
        const shownInner = shown.fields?.[i] ?? inner;
        byObject.set(inner, shownInner);
        byPath.set(`${field.name}.${inner.name}`, shownInner);
      });
    });
  });
  return (field) => byObject.get(field) ?? byPath.get(pathOf(field.name)) ?? field;
}

/** The definition in the reader's language (the English one when that is the reader's, or untranslated). */
export function useLocalisedService(service: ServiceDefinition): ServiceDefinition {
  const { i18n } = useTranslation('wizard');
  const texts = i18n.language === 'sw' ? service.texts?.sw : undefined;
  return useMemo(() => (texts ? localiseService(service, { own: texts }, 'sw') : service), [service, texts]);
}

export function useServiceText(service: ServiceDefinition): ServiceText {
  const namespace = service.area;
  // An area's own namespace holds only its reference lists' labels, if it has any.
  const { t } = useTranslation(hasNamespace(namespace) ? ['wizard', namespace] : ['wizard']);
  const translateMessage = useMessageTranslation();
  const localised = useLocalisedService(service);
  const { shown, steps, messages } = useMemo(
    () => ({
      shown: fieldFinder(service, localised),
      steps: new Map(localised.steps.map((step) => [step.id, step])),
      messages: messagesOf(service, localised),
    }),
    [service, localised],
  );
  const shownStep = (step: StepDefinition): StepDefinition => steps.get(step.id) ?? step;
  const message = (english: string) => messages.get(english) ?? translateMessage(english);

  return {
    namespace,
    stepTitle: (step) => shownStep(step).title,
    stepDescription: (step) => (step.description === undefined ? undefined : shownStep(step).description),
    block: (step, index, block) => {
      const own = shownStep(step).content?.[index];
      if (block.type === 'list') return own?.type === 'list' ? [...own.items] : [...block.items];
      return own && own.type !== 'list' ? own.text : block.text;
    },
    label: (f) => shown(f).label,
    hint: (f) => (f.hint === undefined ? undefined : shown(f).hint),
    placeholder: (f) => (f.placeholder === undefined ? undefined : shown(f).placeholder),
    option: (f, value, english) => {
      const options = shown(f).options;
      return (
        (options && 'static' in options && options.static.find((o) => o.value === value)?.label) || english
      );
    },
    listOption: (list, value, english) =>
      t([`${namespace}:lists.${list}.${safe(value)}`], { defaultValue: english }),
    entry: (group, number) => {
      const own = shown(group);
      return t('wizard:group.entry', { label: own.entry_label ?? own.label, number });
    },
    message,
  };
}
