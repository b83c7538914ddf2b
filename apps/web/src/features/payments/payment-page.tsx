import type { ProfileResponse } from '@kaunti/contract/api-accounts';
import type { Bill } from '@kaunti/contract/api-bills';
import type { StkPushRequest, StkPushResponse } from '@kaunti/contract/api-payments';
import { formatKes } from '@kaunti/contract/money';
import { isValidPhone, normalisePhone, PHONE_FORMAT_MESSAGE } from '@kaunti/contract/phone-number';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ApiError, api } from '../../lib/api-client';
import { useCounty } from '../../lib/county';
import { type FieldErrors, type Resolver, useForm } from '../../lib/form';
import { useMessageTranslation } from '../../lib/i18n';
import { useTranslation } from '../../lib/translator';
import { Alert } from '../../ui/alert/alert';
import { Button } from '../../ui/button/button';
import { ErrorSummary } from '../../ui/error-summary/error-summary';
import { Fact, FactList } from '../../ui/fact-list/fact-list';
import { controlClass, FormField, InputField } from '../../ui/form-field/form-field';
import { NeedsConnection } from '../../ui/offline/offline-notice';
import { PageHeading } from '../../ui/page-heading/page-heading';
import { QueryState } from '../../ui/query-state/query-state';
import { Spinner } from '../../ui/spinner/spinner';
import { AccountNav } from './account-nav';
import { localPhone, wholeShillingsFor } from './payment-format';
import { PaymentProgress } from './payment-progress';
import styles from './payments.module.css';
import { newIdempotencyKey, printablePath, sendStkPush, useAskedBills, useBills } from './payments-api';

/** The currency code shown beside the amount (the same in every language). */
const CURRENCY = 'KES';

/** The select's value for "another bill: type its number". */
const OTHER = '__other__';

export interface PaymentFormValues {
  choice: string;
  other_bill_no: string;
  phone_number: string;
  amount: string;
}

const isOpen = (bill: Bill) => bill.status === 'unpaid' || bill.status === 'partially_paid';

/**
 * The form's checks, run on submit: each field's problem, as its message key (`errors.*` of the
 * payments namespace). Plain code, not a schema: the page loads no zod.
 */
export function paymentProblems(
  v: PaymentFormValues,
  byNo: ReadonlyMap<string, Bill>,
  limitCents?: number,
): Partial<Record<keyof PaymentFormValues, string>> {
  const problems: Partial<Record<keyof PaymentFormValues, string>> = {};
  if (v.choice === '') problems.choice = 'errors.chooseBill';
  if (v.choice === OTHER && v.other_bill_no.trim() === '') problems.other_bill_no = 'errors.billRequired';
  if (!isValidPhone(v.phone_number)) problems.phone_number = 'errors.phone';
  const amount = v.amount.replaceAll(',', '').trim();
  if (amount === '' && v.choice !== OTHER) {
    problems.amount = 'errors.amountRequired';
  } else if (amount !== '' && (!/^\d+$/.test(amount) || Number(amount) < 1)) {
    problems.amount = 'errors.amountWhole';
  } else if (amount !== '') {
    const bill = byNo.get(v.choice);
    if (bill && Number(amount) > wholeShillingsFor(bill.balance_cents))
      problems.amount = 'errors.amountTooHigh';
    else if (limitCents !== undefined && Number(amount) * 100 > limitCents)
      problems.amount = 'errors.amountAboveLimit';
  }
  return problems;
}

/** The form's resolver: paymentProblems beside their fields (the form's error shape). */
function paymentResolver(byNo: ReadonlyMap<string, Bill>, limitCents?: number): Resolver<PaymentFormValues> {
  return (values) => {
    const problems = Object.entries(paymentProblems(values, byNo, limitCents));
    if (problems.length === 0) return { values, errors: {} };
    const errors = Object.fromEntries(
      problems.map(([name, message]) => [name, { type: 'custom', message }]),
    ) as FieldErrors<PaymentFormValues>;
    return { values: {}, errors };
  };
}

/**
 * /payment and /payments: pay a bill by M-Pesa. Choose one of your unpaid bills (or type a bill
 * number; `?bill=` preselects one), check the M-Pesa phone (your profile's, editable) and the
 * amount (the balance, in whole shillings), then "Pay with M-Pesa" sends the prompt and the page
 * waits for the outcome (PaymentProgress). Each submission carries a fresh Idempotency-Key,
 * reused only to retry the same submission after a lost answer.
 */
export function PaymentPage() {
  // A new visit (e.g. "Pay the balance" after a payment) starts a fresh form.
  const location = useLocation();
  return <PaymentFlow key={location.key} />;
}

function PaymentFlow() {
  const { t } = useTranslation('payments');
  const [params] = useSearchParams();
  const preselected = params.get('bill')?.trim().toUpperCase() || undefined;
  const bills = useBills();
  const asked = useAskedBills();
  const profile = useQuery({
    queryKey: ['profile'],
    queryFn: () => api<ProfileResponse>('/api/profile'),
    staleTime: 60_000,
  });
  const [attempt, setAttempt] = useState<StkPushResponse>();
  const [values, setValues] = useState<PaymentFormValues>();

  if (attempt) {
    return (
      <div className={styles.page}>
        <PageHeading title={t('pay.title')} />
        <PaymentProgress attempt={attempt} onTryAgain={() => setAttempt(undefined)} />
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <PageHeading title={t('pay.title')} lead={t('pay.lead')} />
      <AccountNav />
      <QueryState query={bills} loadingLabel={t('loading')} retryLabel={t('tryAgain')}>
        {(data) =>
          // The M-Pesa phone comes from the profile, the bills asked for on other accounts from
          // their own list: the form waits for both (a failed list of asked bills leaves them out).
          profile.isPending || asked.isPending ? (
            <Spinner label={t('loading')} />
          ) : (
            <PaymentForm
              bills={data}
              askedBills={asked.data ?? []}
              profilePhone={profile.data?.data.phone_number}
              preselected={preselected}
              initial={values}
              onSent={(sent, submitted) => {
                setValues(submitted);
                setAttempt(sent);
              }}
            />
          )
        }
      </QueryState>
    </div>
  );
}

/** A bill to choose: its number, what it is for and its balance. */
function BillOption({ bill }: { bill: Bill }) {
  const { t } = useTranslation('payments');
  return (
    <option value={bill.bill_no}>
      {t('pay.billOption', {
        billNo: bill.bill_no,
        description: bill.description,
        balance: formatKes(bill.balance_cents),
      })}
    </option>
  );
}

/** The balance in whole shillings, or M-Pesa's limit when the balance is more (the first part). */
function defaultAmount(bill: Bill | undefined, limitCents: number | undefined): string {
  if (!bill) return '';
  const whole = wholeShillingsFor(bill.balance_cents);
  return String(limitCents === undefined ? whole : Math.min(whole, Math.floor(limitCents / 100)));
}

function PaymentForm({
  bills,
  askedBills,
  profilePhone,
  preselected,
  initial,
  onSent,
}: {
  bills: Bill[];
  /** Bills on other accounts the user asked for (a relative's rates): payable here too. */
  askedBills: Bill[];
  profilePhone: string | undefined;
  preselected: string | undefined;
  initial: PaymentFormValues | undefined;
  onSent: (sent: StkPushResponse, values: PaymentFormValues) => void;
}) {
  const { t } = useTranslation('payments');
  const message = useMessageTranslation();
  /** M-Pesa's limit on one payment (MPESA_MAX_PAYMENT): a larger bill is paid in parts. */
  const limitCents = useCounty()?.mpesa_max_payment_cents;
  const ownOpen = bills.filter(isOpen);
  const askedOpen = askedBills.filter(isOpen);
  const open = [...ownOpen, ...askedOpen];
  const byNo = new Map([...askedBills, ...bills].map((b) => [b.bill_no, b]));
  const preselectedBill = preselected ? byNo.get(preselected) : undefined;
  const alreadyPaid = preselectedBill && !isOpen(preselectedBill) ? preselectedBill : undefined;

  // Read once, when the form first appears (the form keeps its own state after that).
  const [defaults] = useState<PaymentFormValues>(() => {
    if (initial) return initial;
    let choice = '';
    if (preselectedBill && isOpen(preselectedBill)) choice = preselectedBill.bill_no;
    else if (preselected && !preselectedBill) choice = OTHER;
    else if (open.length === 1) choice = open[0]!.bill_no;
    else if (open.length === 0) choice = OTHER;
    return {
      choice,
      other_bill_no: preselected && !preselectedBill ? preselected : '',
      phone_number: profilePhone ? localPhone(profilePhone) : '',
      amount: defaultAmount(byNo.get(choice), limitCents),
    };
  });

  const form = useForm<PaymentFormValues>({
    resolver: paymentResolver(byNo, limitCents),
    mode: 'onSubmit',
    defaultValues: defaults,
  });
  const { register, handleSubmit, formState, watch, setValue, setError } = form;
  const [submits, setSubmits] = useState(0);
  const [serverError, setServerError] = useState<string>();
  const [sending, setSending] = useState(false);
  /** The key of the last submission, reused only when the same submission is retried after no answer. */
  const lastKey = useRef<{ signature: string; key: string; answered: boolean }>(undefined);

  const choice = watch('choice');
  const chosen = byNo.get(choice);
  const errors = formState.errors;
  const errorText = (key: string | undefined, params: Record<string, string> = {}) => {
    if (!key) return undefined;
    if (key === 'errors.phone') return message(PHONE_FORMAT_MESSAGE);
    return key.startsWith('errors.') ? t(key, params) : message(key);
  };
  const maxText = chosen ? formatKes(wholeShillingsFor(chosen.balance_cents) * 100) : '';
  const limitText = limitCents === undefined ? '' : formatKes(limitCents);
  /** The chosen bill's balance is more than M-Pesa moves in one payment: it is paid in parts. */
  const inParts = chosen !== undefined && limitCents !== undefined && chosen.balance_cents > limitCents;
  const fieldErrors = {
    choice: errorText(errors.choice?.message),
    other_bill_no: errorText(errors.other_bill_no?.message),
    phone_number: errorText(errors.phone_number?.message),
    amount: errorText(errors.amount?.message, { max: maxText, limit: limitText }),
  };
  /** What every field of the form says in the user's language: "required", "Error:". */
  const fieldText = { requiredLabel: t('required'), errorPrefix: t('errorPrefix') };
  const summary = (Object.entries(fieldErrors) as [keyof PaymentFormValues, string | undefined][])
    .filter((entry): entry is [keyof PaymentFormValues, string] => entry[1] !== undefined)
    .map(([name, text]) => ({ fieldId: `pay-${name}`, message: text }));

  const submit = handleSubmit(
    async (values) => {
      setServerError(undefined);
      const billNo = values.choice === OTHER ? values.other_bill_no.trim().toUpperCase() : values.choice;
      const amount = values.amount.replaceAll(',', '').trim();
      const body: StkPushRequest = {
        bill_no: billNo,
        phone_number: normalisePhone(values.phone_number),
        ...(amount === '' ? {} : { amount: Number(amount) }),
      };
      const signature = JSON.stringify(body);
      const previous = lastKey.current;
      const key =
        previous && previous.signature === signature && !previous.answered
          ? previous.key
          : newIdempotencyKey();
      lastKey.current = { signature, key, answered: false };
      setSending(true);
      try {
        const sent = await sendStkPush(body, key);
        lastKey.current = undefined;
        onSent(sent, values);
      } catch (error) {
        const failure = error instanceof ApiError ? error : undefined;
        // A definite answer (4xx) ends this submission; without one the next try reuses the key.
        if (failure && failure.status >= 400 && failure.status < 500)
          lastKey.current = { signature, key, answered: true };
        const fields: Record<string, keyof PaymentFormValues> = {
          bill_no: values.choice === OTHER ? 'other_bill_no' : 'choice',
          phone_number: 'phone_number',
          amount: 'amount',
        };
        let placed = false;
        for (const detail of failure?.details ?? []) {
          const name = fields[detail.path];
          if (name) {
            setError(name, { type: 'server', message: detail.message });
            placed = true;
          }
        }
        if (failure?.status === 404 && values.choice === OTHER) {
          setError('other_bill_no', { type: 'server', message: failure.message });
          placed = true;
        }
        if (placed) setSubmits((n) => n + 1);
        else setServerError(failure?.message ?? String(error));
      } finally {
        setSending(false);
      }
    },
    () => setSubmits((n) => n + 1),
  );

  return (
    <form onSubmit={submit} noValidate className={styles.form} aria-labelledby="pay-form-title">
      <h2 id="pay-form-title" className="visually-hidden">
        {t('pay.formTitle')}
      </h2>
      <ErrorSummary title={t('errors.summary')} errors={summary} focusKey={submits} />
      {alreadyPaid ? (
        <Alert variant="info">
          <p>{t('pay.alreadyPaid', { billNo: alreadyPaid.bill_no })}</p>
        </Alert>
      ) : null}
      {serverError ? (
        <Alert variant="danger">
          <p>{message(serverError)}</p>
        </Alert>
      ) : null}

      <FormField
        id="pay-choice"
        label={t('pay.bill')}
        hint={
          // A bill asked for on another account (a relative's rates) is no "no bills" case.
          preselected && !preselectedBill
            ? t('pay.otherAccountBill', { billNo: preselected })
            : open.length === 0
              ? t('pay.noOpenBills')
              : undefined
        }
        error={fieldErrors.choice}
        required
        {...fieldText}
      >
        {(control) => (
          <select
            {...control}
            {...register('choice', {
              onChange: (event: { target: { value: string } }) =>
                setValue('amount', defaultAmount(byNo.get(event.target.value), limitCents)),
            })}
            defaultValue={defaults.choice}
            className={controlClass('select', Boolean(fieldErrors.choice))}
          >
            <option value="">{t('pay.chooseBill')}</option>
            {ownOpen.map((bill) => (
              <BillOption key={bill.bill_no} bill={bill} />
            ))}
            {askedOpen.length > 0 ? (
              <optgroup label={t('pay.askedBills')}>
                {askedOpen.map((bill) => (
                  <BillOption key={bill.bill_no} bill={bill} />
                ))}
              </optgroup>
            ) : null}
            <option value={OTHER}>{t('pay.otherBill')}</option>
          </select>
        )}
      </FormField>

      {choice === OTHER ? (
        <InputField
          {...fieldText}
          id="pay-other_bill_no"
          label={t('pay.billNo')}
          hint={t('pay.billNoHint')}
          error={fieldErrors.other_bill_no}
          required
          {...register('other_bill_no')}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          className={styles.shortInput}
        />
      ) : null}

      {chosen ? (
        <FactList className={styles.chosen} data-testid="chosen-bill">
          <Fact label={t('bills.description')}>{chosen.description}</Fact>
          <Fact label={t('bills.total')}>{formatKes(chosen.total_cents)}</Fact>
          <Fact label={t('bills.balance')} className={styles.balance}>
            {formatKes(chosen.balance_cents)}
          </Fact>
        </FactList>
      ) : null}

      {chosen && inParts ? (
        <Alert variant="info" live={false}>
          <p data-testid="pay-in-parts">
            {t('pay.inParts', { limit: limitText, balance: formatKes(chosen.balance_cents) })}
          </p>
          <p>
            <Link to={printablePath(chosen.bill_no, 'invoice')}>{t('pay.bankInvoice')}</Link>
          </p>
        </Alert>
      ) : null}

      <InputField
        {...fieldText}
        id="pay-phone_number"
        label={t('pay.phone')}
        hint={t('pay.phoneHint')}
        error={fieldErrors.phone_number}
        required
        {...register('phone_number')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        className={styles.shortInput}
      />

      <FormField
        id="pay-amount"
        label={t('pay.amount')}
        hint={
          chosen && inParts
            ? t('pay.amountLimitHint', { limit: limitText })
            : chosen
              ? chosen.balance_cents % 100 === 0
                ? t('pay.amountHint', { balance: formatKes(chosen.balance_cents) })
                : t('pay.amountRoundedHint', {
                    balance: formatKes(chosen.balance_cents),
                    rounded: maxText,
                  })
              : t('pay.amountOtherHint')
        }
        error={fieldErrors.amount}
        required={choice !== OTHER}
        {...fieldText}
      >
        {(control) => (
          <div className={styles.amountControl}>
            <span aria-hidden="true" className={styles.currency}>
              {CURRENCY}
            </span>
            <input
              {...control}
              {...register('amount')}
              inputMode="numeric"
              autoComplete="off"
              className={`${controlClass('input', Boolean(fieldErrors.amount))} ${styles.shortInput}`}
            />
          </div>
        )}
      </FormField>

      <Button type="submit" busy={sending} busyLabel={t('pay.sending')} needsConnection>
        {t('pay.submit')}
      </Button>
      <NeedsConnection />
    </form>
  );
}
