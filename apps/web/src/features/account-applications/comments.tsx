import type { ApplicationComment, ApplicationStatus } from '@kaunti/contract/api-applications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { useMessageTranslation } from '../../lib/i18n';
import { useTranslation } from '../../lib/translator';
import { Conversation } from '../../ui/conversation/conversation';
import { QueryState } from '../../ui/query-state/query-state';
import { formatMoment } from './formatting';

/** While an application is considered, its applicant may write to the officers (as the server allows). */
const OPEN: ApplicationStatus[] = ['submitted', 'awaiting_payment', 'under_review', 'approved', 'needs_info'];

/** The comments between the applicant and the county's officers on one application. */
export function ApplicationComments({
  applicationNo,
  status,
}: {
  applicationNo: string;
  status: ApplicationStatus;
}) {
  const { t, i18n } = useTranslation('applications');
  const message = useMessageTranslation();
  const client = useQueryClient();
  const path = `/api/applications/${encodeURIComponent(applicationNo)}/comments`;
  const query = useQuery({
    queryKey: ['applications', applicationNo, 'comments'],
    queryFn: ({ signal }) => api<{ data: ApplicationComment[] }>(path, { signal }).then((r) => r.data),
  });
  return (
    <QueryState query={query} loadingLabel={t('loading')}>
      {(comments) => (
        <Conversation
          entries={comments.map((c) => ({ ...c, when: formatMoment(c.created_at, i18n.language) }))}
          canWrite={OPEN.includes(status)}
          onSend={async (body) => {
            try {
              await api(path, { method: 'POST', body: { body } });
            } catch (error) {
              throw new Error(message(errorText(error)));
            }
            await client.invalidateQueries({ queryKey: ['applications', applicationNo, 'comments'] });
          }}
          texts={{
            heading: t('comments.heading'),
            empty: t('comments.empty'),
            label: t('comments.label'),
            hint: t('comments.hint'),
            submit: t('comments.submit'),
            busy: t('comments.sending'),
            requiredLabel: t('required'),
            requiredMessage: message('Please write your comment'),
            errorPrefix: t('errorPrefix'),
            authorRole: (author) => t(`comments.authors.${author}`),
          }}
        />
      )}
    </QueryState>
  );
}
