import type { ApplicationComment } from '@kaunti/contract/api-applications';
import {
  DECISIONS_WITH_REASON,
  type Decision,
  type StaffApplication,
  type StaffValue,
} from '@kaunti/contract/api-staff';
import { formatDisplayMoment } from '@kaunti/contract/dates';
import { formatKes } from '@kaunti/contract/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, Fragment, useEffect, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError, api, apiBlob } from '../../lib/api-client';
import { useMessageTranslation } from '../../lib/i18n';
import { useTranslation } from '../../lib/translator';
import { Alert } from '../../ui/alert/alert';
import { Button } from '../../ui/button/button';
import { Conversation } from '../../ui/conversation/conversation';
import { ErrorSummary } from '../../ui/error-summary/error-summary';
import { PageHeading } from '../../ui/page-heading/page-heading';
import { QueryState } from '../../ui/query-state/query-state';
import { ReasonField, ReasonForm } from './reason-form';
import styles from './staff.module.css';
import { staffApi, useMe } from './staff-api';

/**
 * /staff/applications/{application_no}: everything about one application — the applicant,
 * every value under its field label, the uploads viewed inline, the bill and its payments, the
 * history, the comments exchanged with the applicant — and the decisions this officer may take
 * now, each with a reason; an approver revokes an issued document here.
 */
export function StaffApplicationPage() {
  const { t } = useTranslation('staff');
  const { applicationNo = '' } = useParams();
  const query = useQuery({
    queryKey: ['staff', 'application', applicationNo],
    queryFn: () => staffApi.application(applicationNo),
    retry: false,
  });
  return (
    <div>
      <p>
        <Link to="/staff">{t('application.back')}</Link>
      </p>
      <QueryState query={query} loadingLabel={t('loading')} retryLabel={t('tryAgain')}>
        {(application) => <ApplicationView application={application} />}
      </QueryState>
    </div>
  );
}

function ApplicationView({ application }: { application: StaffApplication }) {
  const { t, i18n } = useTranslation(['staff', 'applications', 'payments']);
  const me = useMe();
  const queryClient = useQueryClient();
  // Revoked from this page: its form stays, to show the confirmation.
  const [revokedHere, setRevokedHere] = useState(false);
  return (
    <>
      <PageHeading
        title={`${t(`common:services.${application.service_id}.title`, { defaultValue: application.service_title })}: ${application.application_no}`}
      />
      <p className={styles.status}>
        {t('application.status')}: <strong>{t(`applications:statuses.${application.status}`)}</strong>
        {application.reference ? ` · ${application.reference}` : null}
      </p>
      <div className={styles.columns}>
        <div>
          <section aria-labelledby="applicant-heading" className={styles.section}>
            <h2 id="applicant-heading">{t('application.applicant')}</h2>
            <dl className={styles.facts}>
              <dt>{t('application.name')}</dt>
              <dd>{application.applicant.name}</dd>
              <dt>{t('application.customerNo')}</dt>
              <dd>{application.applicant.customer_no}</dd>
              <dt>{t('application.phone')}</dt>
              <dd>{application.applicant.phone_number}</dd>
              <dt>{t('application.identifier')}</dt>
              <dd>{application.applicant.identifier}</dd>
              <dt>{t('application.submitted')}</dt>
              <dd>{formatDisplayMoment(application.submitted_at, i18n.language)}</dd>
            </dl>
          </section>
          <section aria-labelledby="values-heading" className={styles.section}>
            <h2 id="values-heading">{t('application.values')}</h2>
            <dl className={styles.facts}>
              {application.values.map((value) => (
                <ValueRow key={value.name} value={value} />
              ))}
            </dl>
          </section>
          {application.register ? <RegisterFacts register={application.register} /> : null}
          <section aria-labelledby="money-heading" className={styles.section}>
            <h2 id="money-heading">{t('application.bill')}</h2>
            <dl className={styles.facts} data-testid="application-money">
              <dt>{t('application.price')}</dt>
              <dd>{formatKes(application.money.price_cents)}</dd>
              <dt>{t('application.paidTowards')}</dt>
              <dd>{formatKes(application.money.paid_cents)}</dd>
              {application.money.balance_due_cents > 0 ? (
                <>
                  <dt>{t('application.balanceDue')}</dt>
                  <dd>
                    <strong>{formatKes(application.money.balance_due_cents)}</strong>
                  </dd>
                </>
              ) : null}
              {application.money.refund_due_cents > 0 ? (
                <>
                  <dt>{t('application.refundDue')}</dt>
                  <dd>{formatKes(application.money.refund_due_cents)}</dd>
                </>
              ) : null}
            </dl>
            {application.bill ? (
              <dl className={styles.facts}>
                <dt>{t('application.billNo')}</dt>
                <dd>{application.bill.bill_no}</dd>
                <dt>{t('application.billTotal')}</dt>
                <dd>{formatKes(application.bill.total_cents)}</dd>
                <dt>{t('application.billPaid')}</dt>
                <dd>{formatKes(application.bill.paid_cents)}</dd>
                <dt>{t('application.billStatus')}</dt>
                <dd>{t(`payments:billStatuses.${application.bill.status}`)}</dd>
              </dl>
            ) : (
              <p>{t('application.noBill')}</p>
            )}
            {application.payments.length > 0 ? (
              <ul className={styles.plain} aria-label={t('application.payments')}>
                {application.payments.map((payment) => (
                  <li key={payment.payment_id}>
                    {formatKes(payment.amount_cents)} · {t(`payments:methods.${payment.method}`)} ·{' '}
                    {t(`payments:paymentStatuses.${payment.status}`)}
                    {payment.mpesa_receipt_number ? ` · ${payment.mpesa_receipt_number}` : ''} ·{' '}
                    {formatDisplayMoment(payment.created_at, i18n.language)}
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
        </div>
        <div>
          <DecisionForm application={application} />
          {(application.document?.status === 'issued' || revokedHere) &&
          me.data?.permissions.includes('documents.revoke') ? (
            <ReasonForm
              once
              heading={t('revoke.heading')}
              lead={t('revoke.lead')}
              submitLabel={t('revoke.submit')}
              doneTitle={() => t('revoke.done')}
              action={({ reason }) =>
                api(`/api/staff/documents/${encodeURIComponent(application.document!.id)}/revoke`, {
                  method: 'POST',
                  body: { reason },
                })
              }
              onDone={() => {
                setRevokedHere(true);
                void queryClient.invalidateQueries({
                  queryKey: ['staff', 'application', application.application_no],
                });
              }}
            />
          ) : null}
          {application.document ? (
            <section aria-labelledby="document-heading" className={styles.section}>
              <h2 id="document-heading">{t('application.document')}</h2>
              <p>
                {application.document.number} ·{' '}
                {t(`application.documentStatuses.${application.document.status}`)}
              </p>
              <p className={styles.links}>
                {application.document.print_url ? (
                  <a href={application.document.print_url}>{t('application.printDocument')}</a>
                ) : null}
                <a href={application.document.pdf_url}>{t('application.documentPdf')}</a>
                <a href={application.document.url}>{t('application.verifyDocument')}</a>
              </p>
            </section>
          ) : null}
          <section aria-labelledby="history-heading" className={styles.section}>
            <h2 id="history-heading">{t('application.history')}</h2>
            <ol className={styles.history}>
              {application.history.map((event) => (
                <li key={`${event.at}-${event.to_status}`}>
                  <strong>{t(`applications:statuses.${event.to_status}`)}</strong>{' '}
                  <span className={styles.muted}>
                    {formatDisplayMoment(event.at, i18n.language)} ·{' '}
                    {event.actor_name ?? t(`applications:actors.${event.actor}`)}
                  </span>
                  {event.note ? <p className={styles.note}>{event.note}</p> : null}
                </li>
              ))}
            </ol>
          </section>
          <div className={styles.section}>
            <StaffComments application={application} />
          </div>
        </div>
      </div>
    </>
  );
}

/** Open applications may be written on (as the server allows). */
const OPEN_STATUSES = ['submitted', 'awaiting_payment', 'under_review', 'approved', 'needs_info'];

/** The comments exchanged with the applicant, and the officer's box to write one. */
function StaffComments({ application }: { application: StaffApplication }) {
  const { t, i18n } = useTranslation(['staff', 'applications']);
  const message = useMessageTranslation();
  const client = useQueryClient();
  const no = application.application_no;
  const key = ['staff', 'application', no, 'comments'];
  const path = `/api/staff/applications/${encodeURIComponent(no)}/comments`;
  const me = useMe();
  // Officers who handle applications write; an auditor reads.
  const canWrite = me.data?.permissions.includes('applications.request_info') ?? false;
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api<{ data: ApplicationComment[] }>(path, { signal }).then((r) => r.data),
  });
  return (
    <QueryState query={query} loadingLabel={t('loading')}>
      {(comments) => (
        <Conversation
          headingLevel={2}
          entries={comments.map((c) => ({ ...c, when: formatDisplayMoment(c.created_at, i18n.language) }))}
          canWrite={OPEN_STATUSES.includes(application.status) && canWrite}
          onSend={async (body) => {
            try {
              await api(path, { method: 'POST', body: { body } });
            } catch (error) {
              throw new Error(message(error instanceof Error ? error.message : String(error)));
            }
            await client.invalidateQueries({ queryKey: key });
          }}
          texts={{
            heading: t('comments.heading'),
            empty: t('comments.empty'),
            label: t('comments.label'),
            hint: t('comments.hint'),
            submit: t('comments.submit'),
            busy: t('comments.sending'),
            requiredLabel: t('applications:required'),
            requiredMessage: message('Please write your comment'),
            errorPrefix: t('applications:errorPrefix'),
            authorRole: (author) => t(`comments.authors.${author}`),
          }}
        />
      )}
    </QueryState>
  );
}

/** A value under its label; an upload can be viewed here (fetched with the officer's session). */
function ValueRow({ value }: { value: StaffValue }) {
  const { t } = useTranslation('staff');
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  const upload = value.upload;
  async function view() {
    if (!upload) return;
    try {
      const blob = await apiBlob(upload.url, upload.content_type);
      setUrl(URL.createObjectURL(blob));
    } catch {
      setFailed(true);
    }
  }
  return (
    <>
      <dt>{value.label}</dt>
      <dd>
        {value.display}
        {upload ? (
          <>
            {' '}
            {url ? null : (
              <Button variant="secondary" onClick={() => void view()}>
                {t('application.view')}
                <span className="visually-hidden"> {value.label}</span>
              </Button>
            )}
            {failed ? <span className={styles.error}>{t('application.viewFailed')}</span> : null}
            {url ? (
              upload.content_type === 'application/pdf' ? (
                <object data={url} type="application/pdf" className={styles.preview} aria-label={value.label}>
                  <a href={url}>{upload.name}</a>
                </object>
              ) : (
                <img src={url} alt={value.label} className={styles.preview} />
              )
            ) : null}
          </>
        ) : null}
      </dd>
    </>
  );
}

function DecisionForm({ application }: { application: StaffApplication }) {
  const { t } = useTranslation(['staff', 'applications']);
  const message = useMessageTranslation();
  const queryClient = useQueryClient();
  const id = useId();
  const [status, setStatus] = useState<Decision['status'] | ''>('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ fieldId: string; message: string }[]>([]);
  const [focusKey, setFocusKey] = useState(0);
  const [done, setDone] = useState<string | null>(null);
  const decide = useMutation({
    mutationFn: (decision: Decision) => staffApi.decide(application.application_no, decision),
    onSuccess: (updated) => {
      queryClient.setQueryData(['staff', 'application', application.application_no], updated);
      void queryClient.invalidateQueries({ queryKey: ['staff', 'queue'] });
      setDone(
        t(`decisions.done.${updated.status}`, { defaultValue: t(`applications:statuses.${updated.status}`) }),
      );
      setStatus('');
      setReason('');
      setErrors([]);
    },
    onError: (error) => {
      const text = error instanceof ApiError ? message(error.message) : t('failed');
      setErrors([
        {
          fieldId: error instanceof ApiError && error.status === 400 ? `${id}-reason` : `${id}-status-0`,
          message: text,
        },
      ]);
      setFocusKey((k) => k + 1);
    },
  });
  // Only a request for information and a rejection say why (the citizen reads it by SMS).
  const asksReason = (DECISIONS_WITH_REASON as readonly string[]).includes(status);
  function submit(event: FormEvent) {
    event.preventDefault();
    const problems: { fieldId: string; message: string }[] = [];
    if (!status) problems.push({ fieldId: `${id}-status-0`, message: t('decisions.chooseOne') });
    if (asksReason && reason.trim().length < 3)
      problems.push({ fieldId: `${id}-reason`, message: t('decisions.reasonNeeded') });
    setErrors(problems);
    if (problems.length > 0 || !status) {
      setFocusKey((k) => k + 1);
      return;
    }
    setDone(null);
    decide.mutate(asksReason ? { status, reason: reason.trim() } : { status });
  }
  const reasonError = errors.find((e) => e.fieldId === `${id}-reason`)?.message;
  const statusError = errors.find((e) => e.fieldId === `${id}-status-0`)?.message;
  return (
    <section aria-labelledby="decide-heading" className={styles.section}>
      <h2 id="decide-heading">{t('decisions.title')}</h2>
      {done ? (
        <Alert variant="success" title={done}>
          <p>{t('decisions.recorded')}</p>
        </Alert>
      ) : null}
      {application.allowed.length === 0 ? (
        <p>{t('decisions.none')}</p>
      ) : (
        <form onSubmit={submit} noValidate className={styles.decision}>
          <ErrorSummary title={t('decisions.problem')} errors={errors} focusKey={focusKey} />
          <fieldset
            className={styles.fieldset}
            aria-describedby={statusError ? `${id}-status-error` : undefined}
          >
            <legend>{t('decisions.legend')}</legend>
            {statusError ? (
              <p id={`${id}-status-error`} className={styles.error}>
                {statusError}
              </p>
            ) : null}
            {application.allowed.map((option, index) => (
              <div key={option} className={styles.radio}>
                <input
                  type="radio"
                  id={`${id}-status-${index}`}
                  name={`${id}-status`}
                  value={option}
                  checked={status === option}
                  onChange={() => {
                    setStatus(option);
                    setErrors((e) => e.filter((x) => x.fieldId !== `${id}-status-0`));
                  }}
                />
                <label htmlFor={`${id}-status-${index}`}>{t(`decisions.options.${option}`)}</label>
              </div>
            ))}
          </fieldset>
          {asksReason ? (
            <ReasonField
              id={`${id}-reason`}
              hint={t('decisions.reasonHint')}
              error={reasonError}
              value={reason}
              onChange={(value) => {
                setReason(value);
                if (value.trim().length >= 3) setErrors((e) => e.filter((x) => x.fieldId !== `${id}-reason`));
              }}
              maxLength={1000}
              rows={4}
            />
          ) : null}
          <Button type="submit" busy={decide.isPending} busyLabel={t('decisions.saving')}>
            {t('decisions.submit')}
          </Button>
        </form>
      )}
    </section>
  );
}

/**
 * What the county's records say beside the answers (a parcel's owner, rates, land use, who holds
 * it), and what stops an approval while it holds: the server refuses it too.
 */
function RegisterFacts({ register }: { register: NonNullable<StaffApplication['register']> }) {
  const { t } = useTranslation('staff');
  const message = useMessageTranslation();
  return (
    <section aria-labelledby="register-heading" className={styles.section} data-testid="register-facts">
      <h2 id="register-heading">{t('application.register')}</h2>
      {register.problems.length > 0 ? (
        <Alert variant="warning" title={t('application.registerProblems')} live={false}>
          <ul>
            {register.problems.map((problem) => (
              <li key={problem}>{message(problem)}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <dl className={styles.facts}>
        {register.facts.map((fact) => (
          <Fragment key={fact.label}>
            <dt>{message(fact.label)}</dt>
            <dd>{message(fact.value)}</dd>
          </Fragment>
        ))}
      </dl>
    </section>
  );
}
