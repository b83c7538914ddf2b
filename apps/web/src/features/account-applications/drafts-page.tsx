import type { ServiceDefinition } from '@kaunti/catalogue/definition';
import type { Draft } from '@kaunti/contract/api-drafts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { api, apiAllPages } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { useMessageTranslation } from '../../lib/i18n';
import { removeLocalDraft } from '../../lib/local-drafts';
import { useTranslation } from '../../lib/translator';
import { Alert } from '../../ui/alert/alert';
import { Button, ButtonLink, buttonClass } from '../../ui/button/button';
import { Card, CardList } from '../../ui/card/card';
import { Fact, FactList } from '../../ui/fact-list/fact-list';
import { PageHeading } from '../../ui/page-heading/page-heading';
import { EmptyState, QueryState } from '../../ui/query-state/query-state';
import { Spinner } from '../../ui/spinner/spinner';
import { toast } from '../../ui/toast/toast-store';
import styles from './account-applications.module.css';
import { formatMoment, useServiceNames } from './formatting';
import { useServiceDefinitions } from './service-definitions';

export const DRAFTS_KEY = ['drafts'];

/** The list without the draft of this id (spec: "The draft list removes a draft by id"). */
export function withoutDraft(drafts: readonly Draft[], id: string): Draft[] {
  return drafts.filter((draft) => draft.id !== id);
}

/**
 * /account/drafts: the forms the user started and has not submitted, most recently saved first,
 * each with Resume (its service page with `?draft=<id>`) and Delete (after a confirmation,
 * `DELETE /api/drafts/{id}`; the list then removes it by id).
 */
export function DraftsPage() {
  const { t } = useTranslation('applications');
  const query = useQuery({ queryKey: DRAFTS_KEY, queryFn: () => apiAllPages<Draft>('/api/drafts') });
  const listRef = useRef<HTMLUListElement>(null);
  const emptyRef = useRef<HTMLParagraphElement>(null);
  // The deleted draft's buttons are gone: the focus goes to what is left (the list, or the note).
  const onDeleted = () => requestAnimationFrame(() => (listRef.current ?? emptyRef.current)?.focus());

  return (
    <div className={styles.page}>
      <PageHeading title={t('drafts.title')} lead={t('drafts.lead')} />
      <QueryState query={query} loadingLabel={t('loading')} retryLabel={t('tryAgain')}>
        {({ data: drafts }) =>
          drafts.length === 0 ? (
            <EmptyState>
              <p ref={emptyRef} tabIndex={-1}>
                {t('drafts.empty')}
              </p>
              <ButtonLink to="/" variant="secondary">
                {t('browseServices')}
              </ButtonLink>
            </EmptyState>
          ) : (
            <DraftList drafts={drafts} listRef={listRef} onDeleted={onDeleted} />
          )
        }
      </QueryState>
    </div>
  );
}

/**
 * The drafts, once their services' definitions (for the step's title and the number of steps)
 * are here: each service's own small file, loaded beside the list, not the whole catalogue.
 * Until the first are here, the list's spinner stays; a definition that cannot be loaded only
 * leaves its drafts without the step.
 */
function DraftList({
  drafts,
  listRef,
  onDeleted,
}: {
  drafts: Draft[];
  listRef: RefObject<HTMLUListElement | null>;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('applications');
  const { definitions, pending } = useServiceDefinitions(drafts.map((draft) => draft.service_id));
  // Waited for once: a draft of another service that comes later (a refetch) gets its step when
  // its definition arrives, without the list going away meanwhile.
  const [ready, setReady] = useState(false);
  if (!ready && !pending) setReady(true);
  if (!ready && pending) return <Spinner label={t('loading')} />;
  return (
    <CardList ref={listRef} tabIndex={-1} aria-label={t('drafts.title')}>
      {drafts.map((draft) => (
        <DraftItem
          key={draft.id}
          draft={draft}
          service={definitions.get(draft.service_id)}
          onDeleted={onDeleted}
        />
      ))}
    </CardList>
  );
}

function DraftItem({
  draft,
  service,
  onDeleted,
}: {
  draft: Draft;
  service: ServiceDefinition | undefined;
  onDeleted: () => void;
}) {
  const { t, i18n } = useTranslation('applications');
  const names = useServiceNames();
  const message = useMessageTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const askedOnce = useRef(false);
  const remove = useMutation({
    mutationFn: () => api(`/api/drafts/${draft.id}`, { method: 'DELETE' }),
    onSuccess: () => {
      removeLocalDraft(draft.id);
      queryClient.setQueryData<{ data: Draft[] }>(DRAFTS_KEY, (current) =>
        current ? { data: withoutDraft(current.data, draft.id) } : current,
      );
      toast.success(t('drafts.deleted', { service: title }));
      onDeleted();
    },
  });
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
    else if (askedOnce.current) deleteRef.current?.focus();
  }, [confirming]);

  const title = names.service(draft.service_id, draft.service_title);
  const step = names.step(service, draft.step);
  const headingId = `draft-${draft.id}`;
  return (
    <Card headingId={headingId} title={draft.label ? `${title}: ${draft.label}` : title}>
      <FactList>
        <Fact label={t('drafts.saved')}>{formatMoment(draft.updated_at, i18n.language)}</Fact>
        {step ? (
          <Fact label={t('drafts.step')}>
            {t('drafts.stepValue', { current: draft.step + 1, total: step.total, title: step.title })}
          </Fact>
        ) : null}
      </FactList>
      {remove.isError ? (
        <Alert variant="danger">
          <p>{message(errorText(remove.error))}</p>
        </Alert>
      ) : null}
      {confirming ? (
        <fieldset className={styles.confirm}>
          <legend className="visually-hidden">{t('drafts.confirmLabel', { service: title })}</legend>
          <p>{t('drafts.confirm')}</p>
          <div className={styles.actions}>
            <button
              ref={confirmRef}
              type="button"
              className={buttonClass('danger')}
              disabled={remove.isPending}
              aria-busy={remove.isPending || undefined}
              onClick={() => remove.mutate()}
            >
              {remove.isPending ? t('loading') : t('drafts.confirmDelete')}
            </button>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={remove.isPending}>
              {t('drafts.cancel')}
            </Button>
          </div>
        </fieldset>
      ) : (
        <div className={styles.actions}>
          <ButtonLink to={`${draft.route}?draft=${encodeURIComponent(draft.id)}`}>
            {t('drafts.resume')}
            <span className="visually-hidden"> {title}</span>
          </ButtonLink>
          <button
            ref={deleteRef}
            type="button"
            className={buttonClass('secondary')}
            onClick={() => {
              askedOnce.current = true;
              setConfirming(true);
            }}
          >
            {t('drafts.delete')}
            <span className="visually-hidden"> {title}</span>
          </button>
        </div>
      )}
    </Card>
  );
}
