import type { FieldDefinition } from '@kaunti/catalogue/definition';
import type { ReactNode } from 'react';
import { get, useFieldArray, useFormContext, useFormState } from '../../../lib/form';
import { useTranslation } from '../../../lib/translator';
import { Button } from '../../../ui/button/button';
import formStyles from '../../../ui/form-field/form-field.module.css';
import styles from '../service-wizard.module.css';
import type { FieldInputProps } from './field-props';
import { fieldId } from './wizard-field';

/** A new, empty entry of a group: each of its fields blank (a box unticked). */
export function emptyEntry(group: FieldDefinition): Record<string, unknown> {
  return Object.fromEntries((group.fields ?? []).map((f) => [f.name, f.kind === 'checkbox' ? false : '']));
}

/**
 * A repeating group (applicants, business lines, vehicles): one numbered fieldset per entry with
 * the group's own fields and a Remove button, and an Add button until the group's maximum, where
 * a sentence says the limit instead. Nothing typed in the other entries is lost either way.
 */
export function GroupInput({
  renderField,
  ...props
}: FieldInputProps & { renderField: (props: FieldInputProps) => ReactNode }) {
  const { field, text } = props;
  const { t } = useTranslation('wizard');
  const { control } = useFormContext();
  const { errors } = useFormState({ name: field.name });
  const { fields: entries, append, remove } = useFieldArray({ control, name: field.name });
  const label = text.label(field);
  const own = get(errors, field.name) as { message?: unknown; root?: { message?: unknown } } | undefined;
  const message = typeof own?.message === 'string' ? own.message : own?.root?.message;
  const error = typeof message === 'string' ? text.message(message) : undefined;
  const hint = text.hint(field);
  const id = fieldId(field.name);
  const full = field.max !== undefined && entries.length >= field.max;
  return (
    <fieldset
      id={id}
      tabIndex={-1}
      className={`${styles.group} ${error ? formStyles.invalid : ''}`}
      aria-describedby={
        [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
      }
    >
      <legend className={styles.groupLegend}>
        {label}
        {(field.required ?? true) ? (
          <span className={formStyles.required} aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </legend>
      {hint ? (
        <p id={`${id}-hint`} className={formStyles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={formStyles.error}>
          <span className="visually-hidden">{t('errorPrefix')} </span>
          {error}
        </p>
      ) : null}
      {entries.map((entry, index) => (
        <section key={entry.id} className={styles.groupEntry} aria-labelledby={`${id}-${index}-title`}>
          <h3 id={`${id}-${index}-title`} className={styles.groupEntryTitle}>
            {text.entry(field, index + 1)}
          </h3>
          {(field.fields ?? []).map((inner) => (
            <div key={inner.name}>
              {renderField({ ...props, field: { ...inner, name: `${field.name}.${index}.${inner.name}` } })}
            </div>
          ))}
          <Button variant="secondary" onClick={() => remove(index)}>
            {t('group.remove')}
            <span className="visually-hidden"> {text.entry(field, index + 1)}</span>
          </Button>
        </section>
      ))}
      {full ? (
        <p className={styles.muted}>{t('group.full', { max: field.max, label: label.toLowerCase() })}</p>
      ) : (
        <Button variant="secondary" onClick={() => append(emptyEntry(field))}>
          {field.add_label ? text.message(field.add_label) : t('group.add', { label: label.toLowerCase() })}
        </Button>
      )}
    </fieldset>
  );
}
