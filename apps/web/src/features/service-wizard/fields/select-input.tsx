import type { FieldDefinition } from '@kaunti/catalogue/definition';
import { findReferenceList } from '@kaunti/catalogue/registries/reference-lists';
import { useEffect, useRef, useState } from 'react';
import { useController } from '../../../lib/form';
import type { ServiceText } from '../../../lib/service-text';
import { useTranslation } from '../../../lib/translator';
import { Button } from '../../../ui/button/button';
import { controlClass, InputField } from '../../../ui/form-field/form-field';
import styles from '../service-wizard.module.css';
import { useFieldOptions } from './reference-options';
import { fieldId, WizardField } from './wizard-field';

/** What the user typed, once they stop typing for a moment. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * A select field: a native <select> (the phone's own picker), its choices static or from a
 * reference list. When a list it depends on changes (another sub-county), a choice that is no
 * longer offered is cleared. A long list (`search` in its reference list: business activities)
 * has a search box above it: the choices are those matching what is typed, and the choice made
 * stays chosen whatever is searched next.
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
  const source = field.options;
  const searchable =
    source && 'list' in source ? findReferenceList(source.list)?.search !== undefined : false;
  const [typed, setTyped] = useState('');
  const search = useSettled(typed, 250);
  const state = useFieldOptions(field, searchable ? search : '');
  const value = typeof control.value === 'string' ? control.value : '';
  const { onChange } = control;
  // The chosen option of a searchable list, kept while another search shows other choices.
  const chosen = useRef<{ value: string; label: string } | undefined>(undefined);
  const found = state.options.find((o) => o.value === value);
  if (found) chosen.current = found;
  const options =
    searchable && value !== '' && !found && chosen.current?.value === value
      ? [chosen.current, ...state.options]
      : state.options;

  useEffect(() => {
    if (searchable) return;
    if (state.status === 'ready' && value !== '' && !state.options.some((o) => o.value === value)) {
      onChange('');
    }
  }, [searchable, state, value, onChange]);

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

  const select = (
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
          <option value="">
            {searchable && search !== '' && state.status === 'ready' && state.options.length === 0
              ? t('select.noMatch', { search })
              : placeholder}
          </option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {label(option)}
            </option>
          ))}
        </select>
      )}
    </WizardField>
  );
  if (!searchable) return select;
  const searchId = `${fieldId(field.name)}-search`;
  return (
    <div>
      <div className={styles.listSearch}>
        <InputField
          id={searchId}
          label={t('select.search', { field: text.label(field).toLowerCase() })}
          hint={t('select.searchHint')}
          requiredLabel={t('required')}
          errorPrefix={t('errorPrefix')}
          type="search"
          autoComplete="off"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
            // Enter searches here; it does not submit the wizard's step.
            if (event.key === 'Enter') event.preventDefault();
          }}
        />
      </div>
      {select}
    </div>
  );
}
