import type { EventPage as EventAnswer } from '@kaunti/contract/api-public-pages';
import { useParams } from 'react-router';
import { useTranslation } from '../../lib/translator';
import { CheckPage } from './check-page';
import { formatDate } from './display-format';
import { FactRows, Verdict, type VerdictTone, verdictWords } from './verdict';
import { eventQuery } from './verify-api';

const TONES: Record<EventAnswer['permit_status'], VerdictTone> = {
  valid: 'good',
  revoked: 'bad',
  expired: 'bad',
};

/**
 * /social/event/{id}: an issued event's public page (issue 39) — its name, organiser, venue and
 * days, and whether its permit stands, as the register says on every visit (a revoked permit shows
 * as revoked). Nothing personal: the organiser is an organisation.
 */
export function EventPage() {
  const { t, i18n } = useTranslation('verification');
  const { id = '' } = useParams();
  const date = (value: string) => formatDate(value, i18n.language);
  return (
    <CheckPage
      kind="event"
      queryKey={eventQuery(id).queryKey}
      check={(signal) => eventQuery(id).queryFn({ signal })}
      announce={(result) =>
        verdictWords(t(`event.${result.permit_status}.title`), t(`event.${result.permit_status}.body`))
      }
    >
      {(result) => (
        <>
          <Verdict tone={TONES[result.permit_status]} title={t(`event.${result.permit_status}.title`)}>
            <p>{t(`event.${result.permit_status}.body`)}</p>
          </Verdict>
          <FactRows
            facts={[
              [t('event.name'), result.name],
              [t('event.organiser'), result.organiser],
              [t('event.venue'), result.venue],
              [t('event.startsOn'), date(result.starts_on)],
              [t('event.endsOn'), date(result.ends_on)],
            ]}
          />
        </>
      )}
    </CheckPage>
  );
}
