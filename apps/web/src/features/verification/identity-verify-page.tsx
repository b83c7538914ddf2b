import type { IdentityVerifyResponse } from '@kaunti/contract/api-verify';
import { useParams } from 'react-router';
import { useTranslation } from '../../lib/translator';
import { CheckPage } from './check-page';
import { formatDate } from './display-format';
import { FactRows, Verdict, type VerdictTone, verdictWords } from './verdict';
import styles from './verification.module.css';
import { verifyIdentity } from './verify-api';

const TONES: Record<IdentityVerifyResponse['status'], VerdictTone> = {
  registered_verified: 'good',
  registered_not_verified: 'warn',
  not_registered: 'bad',
};

/** /everify/i/{qid}/{id}: is this national ID registered on the portal (name masked). */
export function IdentityVerifyPage() {
  const { t, i18n } = useTranslation('verification');
  const { qid = '', id = '' } = useParams();
  return (
    <CheckPage
      kind="identity"
      queryKey={['verify-identity', qid, id]}
      check={(signal) => verifyIdentity(qid, id, signal)}
      announce={(result) =>
        verdictWords(
          t(`identity.${result.status}.title`),
          t(`identity.${result.status}.body`, { id: result.person?.id_number ?? id }),
        )
      }
    >
      {(result) => (
        <>
          <Verdict tone={TONES[result.status]} title={t(`identity.${result.status}.title`)}>
            <p>{t(`identity.${result.status}.body`, { id: result.person?.id_number ?? id })}</p>
          </Verdict>
          {result.person ? (
            <>
              <FactRows
                facts={[
                  [
                    t('identity.name'),
                    <span key="name" className={styles.masked}>
                      {result.person.name}
                    </span>,
                  ],
                  [t('identity.idNumber'), result.person.id_number],
                  [t('identity.registeredAt'), formatDate(result.person.registered_at, i18n.language)],
                  [t('facts.issuer'), result.issuer],
                ]}
              />
              <p className={styles.note}>{t('identity.nameHint')}</p>
            </>
          ) : null}
        </>
      )}
    </CheckPage>
  );
}
