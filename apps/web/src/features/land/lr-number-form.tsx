import { validateStep } from '@kaunti/catalogue/schema-builder';
import { lrNumberField } from '@kaunti/catalogue/services/land/shared-fields';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageTranslation } from '../../lib/i18n';
import { Button } from '../../ui/button/button';
import { ErrorSummary } from '../../ui/error-summary/error-summary';
import { InputField } from '../../ui/form-field/form-field';
import styles from './land.module.css';

const FIELD_ID = 'lr_number';
const step = { id: 'parcel', title: 'Parcel', fields: [lrNumberField] };

/**
 * The one-field form of the land pages: the LR number, checked on submit by the catalogue's
 * own parcel field (the same rule and messages as the server), then handed on tidied.
 */
export function LrNumberForm({
  initial = '',
  submitLabel,
  busy,
  onSubmit,
}: {
  initial?: string;
  submitLabel: string;
  busy: boolean;
  onSubmit: (lrNumber: string) => void;
}) {
  const { t } = useTranslation(['land', 'wizard']);
  const translate = useMessageTranslation();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const [attempt, setAttempt] = useState(0);

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = validateStep(step, { lr_number: value });
    if (!result.success) {
      setError(translate(result.errors[0]?.message ?? ''));
      setAttempt((n) => n + 1);
      return;
    }
    setError(undefined);
    onSubmit(String(result.values.lr_number));
  }

  return (
    <form noValidate onSubmit={submit} className={styles.lrForm}>
      <ErrorSummary
        title={t('wizard:errorSummaryTitle')}
        errors={error ? [{ fieldId: FIELD_ID, message: error }] : []}
        focusKey={attempt}
      />
      <InputField
        id={FIELD_ID}
        label={t(['land:fields.lr_number.label'], { defaultValue: lrNumberField.label })}
        hint={t(['land:fields.lr_number.hint'], { defaultValue: lrNumberField.hint })}
        error={error}
        required
        requiredLabel={t('wizard:required')}
        errorPrefix={t('wizard:errorPrefix')}
        name="lr_number"
        type="text"
        spellCheck={false}
        autoComplete="off"
        placeholder={lrNumberField.placeholder}
        className={styles.lrInput}
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      <Button type="submit" busy={busy} busyLabel={t('wizard:loading')}>
        {submitLabel}
      </Button>
    </form>
  );
}
