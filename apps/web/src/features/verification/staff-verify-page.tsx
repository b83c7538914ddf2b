import type { StaffVerifyResponse } from '@kaunti/contract/api-verify';
import { useParams } from 'react-router';
import { useCounty } from '../../lib/county';
import { useTranslation } from '../../lib/translator';
import { CheckPage } from './check-page';
import { FactRows, Verdict, type VerdictTone, verdictWords } from './verdict';
import { verifyStaff } from './verify-api';

const TONES: Record<StaffVerifyResponse['status'], VerdictTone> = {
  valid: 'good',
  suspended: 'bad',
  left: 'bad',
  not_found: 'bad',
};

/** /everify/s/{qid}/{sid}: what a county officer's staff ID card QR code opens. */
export function StaffVerifyPage() {
  const { t } = useTranslation('verification');
  const county = useCounty();
  const { qid = '', sid = '' } = useParams();
  return (
    <CheckPage
      kind="staff"
      queryKey={['verify-staff', qid, sid]}
      check={(signal) => verifyStaff(qid, sid, signal)}
      announce={(result) =>
        verdictWords(
          t(`staff.${result.status}.title`),
          t(`staff.${result.status}.body`, { issuer: result.issuer }),
        )
      }
    >
      {(result) => (
        <>
          <Verdict tone={TONES[result.status]} title={t(`staff.${result.status}.title`)}>
            <p>{t(`staff.${result.status}.body`, { issuer: result.issuer })}</p>
          </Verdict>
          {result.staff ? (
            <FactRows
              facts={[
                [t('staff.name'), result.staff.name],
                [t('staff.staffNo'), result.staff.staff_no],
                [t('staff.department'), result.staff.department],
                [t('staff.designation'), result.staff.designation],
                [t('facts.issuer'), result.issuer],
              ]}
            />
          ) : null}
          {result.status !== 'valid' && county ? (
            <p>{t('staff.report', { phones: county.contacts.phones.join(', ') })}</p>
          ) : null}
        </>
      )}
    </CheckPage>
  );
}
