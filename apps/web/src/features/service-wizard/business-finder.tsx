import type { Business } from '@kaunti/contract/api-business';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ApiError, api } from '../../lib/api-client';
import { useTranslation } from '../../lib/translator';
import { Button } from '../../ui/button/button';
import { InputField } from '../../ui/form-field/form-field';
import type { CustomStepProps } from './custom-step-props';
import styles from './service-wizard.module.css';

const KRA_PIN = /^[AP]\d{9}[A-Z]$/;

/** The form's fields a business fills in, from the API's names (they are the same). */
const FILLED = [
  'business_name',
  'subsidiary_name',
  'kra_pin',
  'reg_no',
  'postal_address',
  'postal_code',
  'business_phone',
  'business_email',
  'contact_name',
] as const;

/** 254712345678 → 0712345678: the form shows phone numbers as people type them. */
const localPhone = (phone: string) => (/^254\d{9}$/.test(phone) ? `0${phone.slice(3)}` : phone);

/**
 * Before the business fields of a permit application: one of the user's businesses in one tap,
 * or a business of the county's register found by its KRA PIN or registration number — either
 * fills the fields below, which stay editable. Nothing already typed is cleared by a failed
 * search. It is not a form of its own (it sits in the wizard's): Enter in its box searches.
 */
export function BusinessFinder({ form, text }: CustomStepProps) {
  const { t } = useTranslation('wizard');
  const id = useId();
  const [search, setSearch] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ kind: 'filled' | 'error'; message: string } | null>(null);
  const mine = useQuery({
    queryKey: ['businesses'],
    queryFn: ({ signal }) => api<{ data: Business[] }>('/api/businesses', { signal }).then((r) => r.data),
  });

  function fill(business: Business) {
    for (const name of FILLED) {
      const value = business[name];
      if (value === null || value === '') continue;
      form.setValue(name, name === 'business_phone' ? localPhone(value) : value, {
        shouldDirty: true,
        shouldValidate: form.formState.isSubmitted,
      });
    }
    setStatus({ kind: 'filled', message: t('business.filled', { name: business.business_name }) });
  }

  async function find() {
    const typed = search.trim().toUpperCase();
    if (typed === '') {
      setStatus({ kind: 'error', message: t('business.enterSearch') });
      return;
    }
    setBusy(true);
    setStatus(null);
    try {
      const query = KRA_PIN.test(typed)
        ? `kra_pin=${encodeURIComponent(typed)}`
        : `reg_no=${encodeURIComponent(typed)}`;
      fill(await api<Business>(`/api/businesses/lookup?${query}`));
    } catch (error) {
      const message = error instanceof ApiError ? text.message(error.message) : t('business.lookupFailed');
      setStatus({ kind: 'error', message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={styles.finder} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.finderTitle}>
        {t('business.title')}
      </h3>
      {mine.data && mine.data.length > 0 ? (
        <div className={styles.finderMine}>
          <p className={styles.muted}>{t('business.yours')}</p>
          <ul className={styles.finderList}>
            {mine.data.map((business) => (
              <li key={business.id}>
                <Button variant="secondary" onClick={() => fill(business)}>
                  {t('business.use', { name: business.business_name })}
                  <span className="visually-hidden"> ({business.kra_pin})</span>
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className={styles.finderSearch}>
        <InputField
          id={`${id}-search`}
          label={t('business.searchLabel')}
          hint={t('business.searchHint')}
          requiredLabel={t('required')}
          errorPrefix={t('errorPrefix')}
          value={search}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void find();
            }
          }}
        />
        <Button
          variant="secondary"
          onClick={() => void find()}
          busy={busy}
          busyLabel={t('business.searching')}
        >
          {t('business.find')}
        </Button>
      </div>
      <p role="status" className={status?.kind === 'error' ? styles.finderError : styles.muted}>
        {status?.message ?? ''}
      </p>
    </section>
  );
}
