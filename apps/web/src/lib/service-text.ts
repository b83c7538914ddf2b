import type { FieldDefinition, ServiceDefinition, StepDefinition } from '@kaunti/catalogue/definition';
import { useMessageTranslation } from './i18n';
import { useTranslation } from './translator';

/**
 * How a catalogue definition's English texts are translated. The definition is the English
 * (its texts stay verbatim); the service's area namespace (`land` for land services) holds the
 * other languages, looked up most specific first:
 *
 *   services.<service id>.steps.<step id>.title | .description | .content.<block>[.<item>]
 *   services.<service id>.fields.<field name>.label | .hint | .placeholder | .options.<value>
 *   fields.<field name>.label | .hint | .placeholder | .options.<value>   (shared by the area)
 *   lists.<reference list>.<value>                                        (reference list labels)
 *
 * and fall back to the definition's English when no translation exists. Messages (required and
 * invalid messages, the success message, server errors) are English sentences translated by
 * the `messages` namespace, like every message from the server.
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

type FieldText = 'label' | 'hint' | 'placeholder';

/** Keys may not contain the separators: a value like "209/10001" is fine, "a.b" is escaped. */
function safe(part: string): string {
  return part.replaceAll('.', '_').replaceAll(':', '_');
}

/** A field's own name: a group entry's field is drawn as "vehicles.0.plate" but translated as "plate". */
function ownName(field: FieldDefinition): string {
  return field.name.slice(field.name.lastIndexOf('.') + 1);
}

export function useServiceText(service: ServiceDefinition): ServiceText {
  const namespace = service.area;
  const { t } = useTranslation(['wizard', namespace]);
  const message = useMessageTranslation();
  const base = `${namespace}:services.${service.id}`;
  const tr = (keys: string[], english: string) => t(keys, { defaultValue: english });
  const field = (f: FieldDefinition, part: FieldText, english: string) =>
    tr([`${base}.fields.${ownName(f)}.${part}`, `${namespace}:fields.${ownName(f)}.${part}`], english);

  return {
    namespace,
    stepTitle: (step) => tr([`${base}.steps.${step.id}.title`], step.title),
    stepDescription: (step) =>
      step.description === undefined
        ? undefined
        : tr([`${base}.steps.${step.id}.description`], step.description),
    block: (step, index, block) => {
      const key = `${base}.steps.${step.id}.content.${index}`;
      if (block.type === 'list') return block.items.map((item, i) => tr([`${key}.${i}`], item));
      return tr([key], block.text);
    },
    label: (f) => field(f, 'label', f.label),
    hint: (f) => (f.hint === undefined ? undefined : field(f, 'hint', f.hint)),
    placeholder: (f) => (f.placeholder === undefined ? undefined : field(f, 'placeholder', f.placeholder)),
    option: (f, value, english) =>
      tr(
        [
          `${base}.fields.${ownName(f)}.options.${safe(value)}`,
          `${namespace}:fields.${ownName(f)}.options.${safe(value)}`,
        ],
        english,
      ),
    listOption: (list, value, english) => tr([`${namespace}:lists.${list}.${safe(value)}`], english),
    entry: (group, number) =>
      t('wizard:group.entry', {
        label: group.entry_label ? message(group.entry_label) : field(group, 'label', group.label),
        number,
      }),
    message,
  };
}
