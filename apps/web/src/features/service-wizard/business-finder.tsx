import type { Business, BusinessLookup } from '@kaunti/contract/api-business';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ApiError, api, apiAllPages } from '../../lib/api-client';
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

/** A register business nobody acts for yet: taken over with the code sent to its registered phone. */
interface Takeover {
  kraPin: string;
  name: string;
  phoneEnding: string | null;
  /** Whether the code was sent (the server's "We sent a code…" is then the finder's status). */
  sent: boolean;
}

/**
 * Before the business fields of a permit application: one of the user's businesses in one tap,
 * or a business of the county's register found by its KRA PIN or registration number — either
 * fills the fields below, which stay editable. A register business nobody acts for yet is taken
 * over first: a code goes to the phone the register has for it (its last digits shown), and the
 * applicant types it here. Nothing already typed is cleared by a failed search. It is not a form
 * of its own (it sits in the wizard's): Enter in its boxes searches or confirms.
 */
export function BusinessFinder({ form, text }: CustomStepProps) {
  const { t } = useTranslation('wizard');
  const id = useId();
  const [search, setSearch] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ kind: 'filled' | 'error'; message: string } | null>(null);
  const [takeover, setTakeover] = useState<Takeover | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [claiming, setClaiming] = useState(false);
  const queryClient = useQueryClient();
  const mine = useQuery({
    queryKey: ['businesses'],
    // Every page, shown by name as before (the API pages newest first).
    queryFn: ({ signal }) =>
      apiAllPages<Business>('/api/businesses', { signal }).then((r) =>
        r.data.sort((a, b) => a.business_name.localeCompare(b.business_name)),
      ),
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
      const found = await api<BusinessLookup>(`/api/businesses/lookup?${query}`);
      fill(found);
      setTakeover(
        found.yours
          ? null
          : {
              kraPin: found.kra_pin,
              name: found.business_name,
              phoneEnding: found.phone_ending,
              sent: false,
            },
      );
      setCode('');
      setCodeError(null);
    } catch (error) {
      const message = error instanceof ApiError ? text.message(error.message) : t('business.lookupFailed');
      setStatus({ kind: 'error', message });
    } finally {
      setBusy(false);
    }
  }

  const failure = (error: unknown) =>
    error instanceof ApiError ? text.message(error.message) : t('business.lookupFailed');

  async function sendCode() {
    if (!takeover) return;
    setSending(true);
    setCodeError(null);
    setStatus(null);
    try {
      const sent = await api<{ message: string }>('/api/businesses/takeover/code', {
        method: 'POST',
        body: { kra_pin: takeover.kraPin },
      });
      setTakeover({ ...takeover, sent: true });
      setStatus({ kind: 'filled', message: text.message(sent.message) });
    } catch (error) {
      setStatus({ kind: 'error', message: failure(error) });
    } finally {
      setSending(false);
    }
  }

  async function confirmCode() {
    if (!takeover) return;
    if (!/^\d{6}$/.test(code.replace(/\s/g, ''))) {
      setCodeError(t('business.codeFormat'));
      return;
    }
    setConfirming(true);
    setCodeError(null);
    try {
      const business = await api<Business>('/api/businesses/takeover', {
        method: 'POST',
        body: { kra_pin: takeover.kraPin, code: code.replace(/\s/g, '') },
      });
      setTakeover(null);
      setCode('');
      fill(business);
      setStatus({ kind: 'filled', message: t('business.takenOver', { name: business.business_name }) });
      await queryClient.invalidateQueries({ queryKey: ['businesses'] });
    } catch (error) {
      setCodeError(failure(error));
    } finally {
      setConfirming(false);
    }
  }

  /**
   * A claim to act for the business whose KRA PIN is typed (the form's field, else the search
   * box): for a business another account acts for, a county officer decides.
   */
  async function claim() {
    const value = (form.getValues() as Record<string, unknown>).kra_pin;
    const typed =
      (typeof value === 'string' ? value : '').trim().toUpperCase() || search.trim().toUpperCase();
    if (!KRA_PIN.test(typed)) {
      setStatus({ kind: 'error', message: t('business.claimNeedsPin') });
      return;
    }
    setClaiming(true);
    setStatus(null);
    try {
      const filed = await api<{ message: string }>('/api/businesses/claims', {
        method: 'POST',
        body: { kra_pin: typed },
      });
      setStatus({ kind: 'filled', message: text.message(filed.message) });
    } catch (error) {
      setStatus({ kind: 'error', message: failure(error) });
    } finally {
      setClaiming(false);
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
      {takeover ? (
        <div className={styles.finderTakeover}>
          {takeover.phoneEnding ? (
            <>
              <p>{t('business.takeoverIntro', { name: takeover.name, ending: takeover.phoneEnding })}</p>
              {takeover.sent ? (
                <>
                  <div className={styles.finderSearch}>
                    <InputField
                      id={`${id}-code`}
                      label={t('business.codeLabel')}
                      requiredLabel={t('required')}
                      errorPrefix={t('errorPrefix')}
                      error={codeError ?? undefined}
                      value={code}
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      onChange={(event) => {
                        setCode(event.target.value);
                        setCodeError(null);
                      }}
                      onKeyDown={(event) => {
                        if (event.key === 'Enter') {
                          event.preventDefault();
                          void confirmCode();
                        }
                      }}
                    />
                    <Button
                      onClick={() => void confirmCode()}
                      busy={confirming}
                      busyLabel={t('business.confirming')}
                    >
                      {t('business.confirmCode')}
                    </Button>
                  </div>
                  <Button
                    variant="secondary"
                    onClick={() => void sendCode()}
                    busy={sending}
                    busyLabel={t('business.sending')}
                  >
                    {t('business.sendAgain')}
                  </Button>
                </>
              ) : (
                <Button onClick={() => void sendCode()} busy={sending} busyLabel={t('business.sending')}>
                  {t('business.sendCode')}
                </Button>
              )}
            </>
          ) : (
            <p>{t('business.noRegisteredPhone', { name: takeover.name })}</p>
          )}
        </div>
      ) : null}
      <div className={styles.finderTakeover}>
        <p className={styles.muted}>{t('business.claimIntro')}</p>
        <Button
          variant="secondary"
          onClick={() => void claim()}
          busy={claiming}
          busyLabel={t('business.claiming')}
        >
          {t('business.claim')}
        </Button>
      </div>
    </section>
  );
}
