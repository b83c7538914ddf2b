import landShared from '@kaunti/catalogue/services/land/shared.sw.json';
import { lrNumberField } from '@kaunti/catalogue/services/land/shared-fields';
import { type FormEvent, useState } from 'react';
import { loadChunk } from '../../lib/chunk-loader';
import { useMessageTranslation } from '../../lib/i18n';
import { lazyOnce } from '../../lib/lazy-resolver';
import { useTranslation } from '../../lib/translator';
import { LoadErrorAlert } from '../../ui/alert/load-error-alert';
import { Button } from '../../ui/button/button';
import { ErrorSummary } from '../../ui/error-summary/error-summary';
import { InputField } from '../../ui/form-field/form-field';
import styles from './land.module.css';

const FIELD_ID = 'lr_number';
const step = { id: 'parcel', title: 'Parcel', fields: [lrNumberField] };

// The LR number is checked on submit by the catalogue's own parcel field: the checker (and zod)
// load then, not with the page (as the sign-in page's resolver, lib/lazy-resolver.ts).
const loadChecker = lazyOnce(() => loadChunk(() => import('@kaunti/catalogue/schema-builder')));

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
  const { t, i18n } = useTranslation(['land', 'wizard', 'common']);
  const translate = useMessageTranslation();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const [attempt, setAttempt] = useState(0);
  // The first submit waits for the checker to arrive: the button says so meanwhile.
  const [checking, setChecking] = useState(false);
  const [loadFailure, setLoadFailure] = useState<unknown>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (checking) return;
    setChecking(true);
    setLoadFailure(undefined);
    try {
      const { validateStep } = await loadChecker();
      const result = validateStep(step, { lr_number: value });
      if (!result.success) {
        setError(translate(result.errors[0]?.message ?? ''));
        setAttempt((n) => n + 1);
        return;
      }
      setError(undefined);
      onSubmit(String(result.values.lr_number));
    } catch (failure) {
      // The checker could not be downloaded (offline, a new release): say so; the next press
      // tries again.
      setLoadFailure(failure);
    } finally {
      setChecking(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className={styles.lrForm}>
      <LoadErrorAlert failure={loadFailure} />
      <ErrorSummary
        title={t('wizard:errorSummaryTitle')}
        errors={error ? [{ fieldId: FIELD_ID, message: error }] : []}
        focusKey={attempt}
      />
      <InputField
        id={FIELD_ID}
        label={(i18n.language === 'sw' && landShared.fields.lr_number.label) || lrNumberField.label}
        hint={(i18n.language === 'sw' && landShared.fields.lr_number.hint) || lrNumberField.hint}
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
      <Button type="submit" busy={busy || checking} busyLabel={t('wizard:loading')}>
        {submitLabel}
      </Button>
    </form>
  );
}
