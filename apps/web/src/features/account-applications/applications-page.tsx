import type { Application, ApplicationDetail, ApplicationStatus } from '@kaunti/contract/api-applications';
import { formatKes } from '@kaunti/contract/money';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, apiAllPages } from '../../lib/api-client';
import { loadChunk } from '../../lib/chunk-loader';
import { pdfLinkIn } from '../../lib/document-language';
import { useTranslation } from '../../lib/translator';
import { LoadErrorAlert } from '../../ui/alert/load-error-alert';
import { ButtonLink, buttonClass } from '../../ui/button/button';
import { Card, CardList } from '../../ui/card/card';
import { Fact, FactList } from '../../ui/fact-list/fact-list';
import { PageHeading } from '../../ui/page-heading/page-heading';
import { EmptyState, QueryState } from '../../ui/query-state/query-state';
import { Spinner } from '../../ui/spinner/spinner';
import { StatusBadge as Badge, type StatusTone } from '../../ui/status-badge/status-badge';
import styles from './account-applications.module.css';
import { ApplicationComments } from './comments';
import { formatMoment, useServiceNames } from './formatting';
import { useServiceDefinition } from './service-definitions';

/** How each status looks: a readable word (translated) on a colour that is not its only sign. */
const STATUS_TONE: Record<ApplicationStatus, StatusTone> = {
  draft: 'neutral',
  submitted: 'progress',
  awaiting_payment: 'action',
  under_review: 'progress',
  approved: 'good',
  rejected: 'bad',
  needs_info: 'action',
  issued: 'good',
  cancelled: 'neutral',
};

export function StatusBadge({ status }: { status: ApplicationStatus }) {
  const { t } = useTranslation('applications');
  return (
    <Badge tone={STATUS_TONE[status]} status={status}>
      {t(`statuses.${status}`)}
    </Badge>
  );
}

/**
 * /account/service-applications: the user's applications, newest first: number, service, status
 * and date, each opening its status history (`GET /api/applications/{application_no}`) and the
 * comments exchanged with the county's officers on it.
 */
export function ApplicationsPage() {
  const { t } = useTranslation('applications');
  const query = useQuery({
    queryKey: ['applications'],
    queryFn: () => apiAllPages<Application>('/api/applications'),
  });
  return (
    <div className={styles.page}>
      <PageHeading title={t('applications.title')} lead={t('applications.lead')} />
      <QueryState query={query} loadingLabel={t('loading')} retryLabel={t('tryAgain')}>
        {({ data: applications }) =>
          applications.length === 0 ? (
            <EmptyState>
              <p>{t('applications.empty')}</p>
              <ButtonLink to="/" variant="secondary">
                {t('browseServices')}
              </ButtonLink>
            </EmptyState>
          ) : (
            <CardList aria-label={t('applications.title')}>
              {applications.map((application) => (
                <ApplicationItem key={application.application_no} application={application} />
              ))}
            </CardList>
          )
        }
      </QueryState>
    </div>
  );
}

function ApplicationItem({ application }: { application: Application }) {
  const { t, i18n } = useTranslation('applications');
  const names = useServiceNames();
  const [open, setOpen] = useState(false);
  const headingId = `application-${application.application_no}`;
  const historyId = `history-${application.application_no}`;
  const title = names.service(application.service_id, application.service_title);
  return (
    <Card headingId={headingId} title={title} badge={<StatusBadge status={application.status} />}>
      <FactList>
        <Fact label={t('applications.number')} className={styles.reference}>
          {application.application_no}
        </Fact>
        {application.reference ? (
          <Fact label={t('applications.reference')}>{application.reference}</Fact>
        ) : null}
        <Fact label={t('applications.submitted')}>{formatMoment(application.created_at, i18n.language)}</Fact>
        {application.fee_cents > 0 ? (
          <Fact label={t('applications.fee')}>{formatKes(application.fee_cents)}</Fact>
        ) : null}
      </FactList>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.disclosure}
          aria-expanded={open}
          aria-controls={historyId}
          onClick={() => setOpen((value) => !value)}
        >
          <span aria-hidden="true" className={styles.chevron}>
            {open ? '▾' : '▸'}
          </span>{' '}
          {open ? t('applications.hideHistory') : t('applications.showHistory')}
          <span className="visually-hidden"> {application.application_no}</span>
        </button>
        {application.status === 'awaiting_payment' && application.bill_no ? (
          <ButtonLink to={`/payment?bill=${encodeURIComponent(application.bill_no)}`}>
            {t('applications.pay')}
            <span className="visually-hidden"> {application.application_no}</span>
          </ButtonLink>
        ) : null}
      </div>
      {application.status === 'needs_info' ? (
        <NeedsInfo applicationNo={application.application_no} serviceId={application.service_id} />
      ) : null}
      {application.document ? (
        <p className={styles.actions}>
          {application.document.print_url ? (
            <a className={buttonClass('primary')} href={application.document.print_url}>
              {t('applications.print')}
              <span className="visually-hidden"> {application.application_no}</span>
            </a>
          ) : null}
          <a
            className={buttonClass(application.document.print_url ? 'secondary' : 'primary')}
            href={pdfLinkIn(application.document.pdf_url, i18n.language)}
          >
            {t('applications.download')}
            <span className="visually-hidden"> {application.application_no}</span>
          </a>
          <a className={buttonClass('secondary')} href={application.document.url}>
            {t('applications.verify')}
            <span className="visually-hidden"> {application.application_no}</span>
          </a>
        </p>
      ) : null}
      <div id={historyId} hidden={!open}>
        {open ? (
          <>
            <History applicationNo={application.application_no} />
            <ApplicationComments applicationNo={application.application_no} status={application.status} />
          </>
        ) : null}
      </div>
    </Card>
  );
}

/**
 * The answer form's code (answer-form.tsx, with the upload checks of lib/uploads.ts and their
 * zod), loaded only for an application that needs information — not with the list.
 */
function useAnswerForm() {
  return useQuery({
    queryKey: ['answer-form'],
    queryFn: async () => (await loadChunk(() => import('./answer-form'))).AnswerForm,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * The officer's request and the answer form (the detail carries the history with the request).
 * The form and its fields (the service's definition, its own small file: service-definitions.ts)
 * load beside the detail; the spinner stays until all are here.
 */
function NeedsInfo({ applicationNo, serviceId }: { applicationNo: string; serviceId: string }) {
  const { t } = useTranslation(['applications', 'common']);
  const query = useQuery({
    queryKey: ['applications', applicationNo],
    queryFn: () => api<ApplicationDetail>(`/api/applications/${encodeURIComponent(applicationNo)}`),
  });
  const service = useServiceDefinition(serviceId);
  const form = useAnswerForm();
  const AnswerForm = form.data;
  const failure = service.error ?? form.error;
  return (
    <QueryState query={query} loadingLabel={t('loading')}>
      {(detail) =>
        failure ? (
          <LoadErrorAlert failure={failure} />
        ) : AnswerForm && service.isSuccess ? (
          <AnswerForm application={detail} service={service.data} />
        ) : (
          <Spinner label={t('loading')} />
        )
      }
    </QueryState>
  );
}

function History({ applicationNo }: { applicationNo: string }) {
  const { t, i18n } = useTranslation('applications');
  const query = useQuery({
    queryKey: ['applications', applicationNo],
    queryFn: () => api<ApplicationDetail>(`/api/applications/${encodeURIComponent(applicationNo)}`),
  });
  return (
    <QueryState query={query} loadingLabel={t('loading')}>
      {({ history }) => (
        <ol className={styles.history} aria-label={t('applications.history', { number: applicationNo })}>
          {history.map((event) => (
            <li key={`${event.at}-${event.to_status}`}>
              <StatusBadge status={event.to_status} />
              <span className={styles.when}>{formatMoment(event.at, i18n.language)}</span>
              <span className={styles.who}>{t(`actors.${event.actor}`)}</span>
              {event.note ? <p className={styles.note}>{event.note}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </QueryState>
  );
}
