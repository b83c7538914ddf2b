import type { ServiceDefinition } from '@kaunti/catalogue/definition';
import type { Draft } from '@kaunti/contract/api-drafts';
import { formatDisplayMoment } from '@kaunti/contract/dates';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../lib/api-client';
import { useMessageTranslation } from '../../lib/i18n';
import { useTranslation } from '../../lib/translator';
import { Alert } from '../../ui/alert/alert';
import { Button } from '../../ui/button/button';
import { Spinner } from '../../ui/spinner/spinner';
import { freshStart, resumeDraft, type StartingPoint, UUID } from './resume-draft';
import { ServiceWizard } from './service-wizard';

/**
 * A catalogue service's page: its wizard, started fresh or resumed from `?draft=<id>` (the
 * address a new form gets once it is first saved, so a reload resumes it). The services layout
 * around it renders the page's h1 from the route title. The route loads the service's definition
 * (lib/service-definition.ts); none: "Page not found".
 */
export function ServiceWizardPage({ service }: { service: ServiceDefinition | undefined }) {
  if (!service) throw new Response('', { status: 404, statusText: 'Not Found' });
  const serviceId = service.id;
  const [params, setParams] = useSearchParams();
  const requested = params.get('draft');
  // The draft this page works on is chosen once; the address follows it, not the other way.
  const [resumeId] = useState(() => (requested && UUID.test(requested) ? requested : undefined));
  // An address with a draft parameter that is not a draft id at all (a mangled link).
  const [badRequest] = useState(() => requested !== null && !UUID.test(requested));
  const [fresh] = useState(freshStart);

  const onDraftStarted = useCallback(
    (draftId: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('draft', draftId);
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );

  if (!resumeId) {
    return (
      <>
        {badRequest ? <MissingDraft /> : <ResumeOffer serviceId={serviceId} route={service.route} />}
        <ServiceWizard service={service} start={fresh} onDraftStarted={onDraftStarted} />
      </>
    );
  }
  return <ResumedWizard service={service} draftId={resumeId} fresh={fresh} onDraftStarted={onDraftStarted} />;
}

/**
 * Opening a service that has a saved draft offers to continue it (the newest), named by its key
 * value (e.g. the parcel) and when it was saved; starting afresh needs nothing but typing.
 */
function ResumeOffer({ serviceId, route }: { serviceId: string; route: string }) {
  const { t, i18n } = useTranslation('wizard');
  const drafts = useQuery({
    queryKey: ['drafts', 'of-service', serviceId],
    queryFn: () => api<{ data: Draft[] }>(`/api/drafts?service_id=${encodeURIComponent(serviceId)}&limit=1`),
    retry: false,
  });
  const latest = drafts.data?.data[0];
  if (!latest) return null;
  return (
    <Alert variant="info">
      <p>
        {t('draft.offer', {
          saved: formatDisplayMoment(latest.updated_at, i18n.language),
          label: latest.label ?? '',
          count: latest.label ? 1 : 0,
        })}
      </p>
      <p>
        {/* A full load: the page chooses its draft once, when it opens. */}
        <Link to={`${route}?draft=${encodeURIComponent(latest.id)}`} reloadDocument>
          {t('draft.continue')}
        </Link>
      </p>
    </Alert>
  );
}

function MissingDraft() {
  const { t } = useTranslation('wizard');
  return (
    <Alert variant="warning">
      <p>{t('draft.missing')}</p>
    </Alert>
  );
}

function ResumedWizard({
  service,
  draftId,
  fresh,
  onDraftStarted,
}: {
  service: ServiceDefinition;
  draftId: string;
  fresh: StartingPoint;
  onDraftStarted: (draftId: string) => void;
}) {
  const { t } = useTranslation('wizard');
  const message = useMessageTranslation();
  const serviceId = service.id;
  const query = useQuery({
    queryKey: ['resume-draft', serviceId, draftId],
    queryFn: () => resumeDraft(serviceId, draftId, service.steps.length),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
  if (query.isPending) return <Spinner label={t('draft.loading')} />;
  const result = query.data;
  if (!result || result.kind === 'failed') {
    return (
      <Alert variant="danger">
        <p>{message(result?.error.message ?? String(query.error))}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('tryAgain')}
        </Button>
      </Alert>
    );
  }
  if (result.kind === 'missing') {
    return (
      <>
        <MissingDraft />
        <ServiceWizard service={service} start={fresh} onDraftStarted={onDraftStarted} />
      </>
    );
  }
  return (
    <>
      {result.offline ? (
        <Alert variant="warning">
          <p>{t('draft.offlineCopy')}</p>
        </Alert>
      ) : null}
      <ServiceWizard service={service} start={result.start} />
    </>
  );
}
