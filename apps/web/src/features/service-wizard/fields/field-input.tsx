import type { FieldDefinition } from '@kaunti/catalogue/definition';
import { findFieldControl } from '@kaunti/catalogue/registries/field-controls';
import { get, useFormContext, useFormState } from '../../../lib/form';
import type { ServiceText } from '../../../lib/service-text';
import { useTranslation } from '../../../lib/translator';
import { controlClass, RequiredMark } from '../../../ui/form-field/form-field';
import formStyles from '../../../ui/form-field/form-field.module.css';
import styles from '../service-wizard.module.css';
import type { FieldInputProps } from './field-props';
import { FileInput } from './file-input';
import { GroupInput } from './group-input';
import { SelectInput } from './select-input';
import { fieldId, WizardField } from './wizard-field';

export type { FieldInputProps } from './field-props';

/** What the browser and phone keyboards should offer for a kind's `input`. */
const INPUT_ATTRIBUTES = {
  text: { type: 'text' },
  number: { type: 'text', inputMode: 'decimal' },
  group: { type: 'text' },
  date: { type: 'date' },
  tel: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  email: { type: 'email', autoComplete: 'email', spellCheck: false },
} as const;

/** Renders one definition field by its kind's input: text, number, select, file, date... */
export function FieldInput(props: FieldInputProps) {
  const { field, text } = props;
  const kind = findFieldControl(field.kind);
  const { register } = useFormContext();
  const { errors } = useFormState({ name: field.name });
  const invalid = get(errors, field.name) !== undefined;
  if (!kind) throw new Error(`Unknown field kind "${field.kind}" (field ${field.name})`);

  switch (kind.input) {
    case 'group':
      return <GroupInput {...props} renderField={(inner) => <FieldInput {...inner} />} />;
    case 'select':
      return <SelectInput field={field} text={text} fieldsByName={props.fieldsByName} />;
    case 'file':
      return (
        <FileInput
          field={field}
          text={text}
          file={props.files[field.name]}
          onFileChange={props.onFileChange}
          onBusyChange={props.onUploadBusy}
        />
      );
    case 'checkbox':
      return <CheckboxInput field={field} text={text} />;
    case 'textarea':
      return (
        <WizardField field={field} text={text}>
          {(aria) => (
            <textarea
              {...aria}
              {...register(field.name)}
              rows={5}
              placeholder={text.placeholder(field)}
              className={controlClass('textarea', invalid)}
            />
          )}
        </WizardField>
      );
    default: {
      const attributes = INPUT_ATTRIBUTES[kind.input];
      const isParcel = field.kind === 'parcel' || field.kind === 'kra-pin' || field.kind === 'plate';
      return (
        <WizardField field={field} text={text}>
          {(aria) => (
            <input
              {...aria}
              {...attributes}
              {...register(field.name)}
              {...(isParcel ? { spellCheck: false, autoComplete: 'off' } : {})}
              placeholder={text.placeholder(field)}
              className={`${controlClass('input', invalid)} ${
                kind.input === 'number' || kind.input === 'date' ? styles.narrow : ''
              }`}
            />
          )}
        </WizardField>
      );
    }
  }
}

/** A single box to tick (e.g. a declaration): the label follows the box. */
function CheckboxInput({ field, text }: { field: FieldDefinition; text: ServiceText }) {
  const { t } = useTranslation('wizard');
  const { register } = useFormContext();
  const { errors } = useFormState({ name: field.name });
  const id = fieldId(field.name);
  const message = (get(errors, field.name) as { message?: unknown } | undefined)?.message;
  const error = typeof message === 'string' ? text.message(message) : undefined;
  const hint = text.hint(field);
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const required = field.required ?? true;
  return (
    <div className={`${formStyles.field} ${error ? formStyles.invalid : ''}`}>
      {error ? (
        <p id={`${id}-error`} className={formStyles.error}>
          <span className="visually-hidden">{t('errorPrefix')} </span>
          {error}
        </p>
      ) : null}
      <div className={styles.checkbox}>
        <input
          id={id}
          type="checkbox"
          {...register(field.name)}
          aria-describedby={described || undefined}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
        />
        <label htmlFor={id}>
          {text.label(field)}
          {required ? <RequiredMark label={t('required')} /> : null}
        </label>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className={formStyles.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
