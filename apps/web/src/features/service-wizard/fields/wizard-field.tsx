import type { FieldDefinition } from '@kaunti/catalogue/definition';
import type { ReactNode } from 'react';
import { get, useFormState } from '../../../lib/form';
import type { ServiceText } from '../../../lib/service-text';
import { useTranslation } from '../../../lib/translator';
import { type ControlProps, FormField } from '../../../ui/form-field/form-field';

/** The id of a field's control (the error summary links to it). */
export function fieldId(name: string): string {
  // A group entry's field is "vehicles.0.plate": no dots in an id (they break selectors).
  return `wizard-${name.replaceAll('.', '-')}`;
}

/**
 * A definition field inside the form: label, red asterisk when required, hint, and the error of
 * the last submit (or an upload's refusal), translated.
 */
export function WizardField({
  field,
  text,
  extraError,
  children,
  after,
}: {
  field: FieldDefinition;
  text: ServiceText;
  /** An error of the control itself (e.g. a refused upload), shown before the form's. */
  extraError?: string | undefined;
  children: (control: ControlProps) => ReactNode;
  after?: ReactNode;
}) {
  const { t } = useTranslation('wizard');
  const { errors } = useFormState({ name: field.name });
  const formError = (get(errors, field.name) as { message?: unknown } | undefined)?.message;
  const error = extraError ?? (typeof formError === 'string' ? text.message(formError) : undefined);
  return (
    <FormField
      id={fieldId(field.name)}
      label={text.label(field)}
      hint={text.hint(field)}
      error={error}
      required={field.required ?? true}
      requiredLabel={t('required')}
      errorPrefix={t('errorPrefix')}
      after={after}
    >
      {children}
    </FormField>
  );
}
