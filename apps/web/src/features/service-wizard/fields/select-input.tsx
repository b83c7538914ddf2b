import type { FieldDefinition } from '@kaunti/catalogue/definition';
import { useEffect } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ServiceText } from '../../../lib/service-text';
import { Button } from '../../../ui/button/button';
import { controlClass } from '../../../ui/form-field/form-field';
import { useFieldOptions } from './reference-options';
import { WizardField } from './wizard-field';

/**
 * A select field: a native <select> (the phone's own picker), its choices static or from a
 * reference list. When a list it depends on changes (another sub-county), a choice that is no
 * longer offered is cleared.
 */
export function SelectInput({
  field,
  text,
  fieldsByName,
}: {
  field: FieldDefinition;
  text: ServiceText;
  fieldsByName: ReadonlyMap<string, FieldDefinition>;
}) {
  const { t } = useTranslation('wizard');
  const { field: control, fieldState } = useController({ name: field.name });
  const state = useFieldOptions(field);
  const value = typeof control.value === 'string' ? control.value : '';
  const { onChange } = control;

  useEffect(() => {
    if (state.status === 'ready' && value !== '' && !state.options.some((o) => o.value === value)) {
      onChange('');
    }
  }, [state, value, onChange]);

  const label = (option: { value: string; label: string }) =>
    state.status === 'ready'
      ? text.listOption(state.list, option.value, option.label)
      : text.option(field, option.value, option.label);

  let placeholder = t('select.choose');
  if (state.status === 'loading') placeholder = t('select.loading');
  if (state.status === 'waiting') {
    const first = fieldsByName.get(state.waitingFor[0] ?? '');
    placeholder = first ? t('select.chooseFirst', { field: text.label(first) }) : t('select.choose');
  }
  if (state.status === 'error') placeholder = t('select.unavailable');

  return (
    <WizardField
      field={field}
      text={text}
      after={
        state.status === 'error' ? (
          <p role="alert">
            {text.message(state.error.message)}{' '}
            <Button variant="link" onClick={state.retry}>
              {t('select.retry')}
            </Button>
          </p>
        ) : null
      }
    >
      {(aria) => (
        <select
          {...aria}
          ref={control.ref}
          name={control.name}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={control.onBlur}
          className={controlClass('select', fieldState.invalid)}
          aria-busy={state.status === 'loading' || undefined}
        >
          <option value="">{placeholder}</option>
          {state.options.map((option) => (
            <option key={option.value} value={option.value}>
              {label(option)}
            </option>
          ))}
        </select>
      )}
    </WizardField>
  );
}
