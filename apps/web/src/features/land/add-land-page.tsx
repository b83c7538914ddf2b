import { submitPathOf } from '@kaunti/catalogue/define-service';
import { addLand } from '@kaunti/catalogue/services/land/add-land/definition';
import type { LinkParcelResponse, Parcel, ParcelClaim } from '@kaunti/contract/api-land';
import { extractErrorMessage } from '@kaunti/contract/error-message';
import { parcelAlreadyYoursMessage } from '@kaunti/contract/land-messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { ApiError, api, apiAllPages } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/translator';
import { Alert } from '../../ui/alert/alert';
import { Button, ButtonLink } from '../../ui/button/button';
import styles from './land.module.css';
import { formatDay, landMessageKey, useLandMessage } from './land-text';
import { LrNumberForm } from './lr-number-form';
import { ParcelDetails } from './parcel-details';

const PARCELS_KEY = ['land', 'customer-parcels'];
const CLAIMS_KEY = ['land', 'parcel-claims'];

/**
 * The spec: the link answer carries a success flag in its data, and a missing (or false) flag is
 * an error even on HTTP 200. The message is then read from the body by the spec's rule.
 */
export async function linkParcel(lrNumber: string): Promise<LinkParcelResponse> {
  const answer = await api<Partial<LinkParcelResponse> | undefined>(submitPathOf(addLand), {
    method: 'POST',
    body: { lr_number: lrNumber },
  });
  if (answer?.success !== true || !answer.parcel) {
    throw new ApiError(200, 'link_failed', extractErrorMessage(answer), [], answer);
  }
  return answer as LinkParcelResponse;
}

/**
 * /add-land: link a parcel to the customer. The LR number is first validated
 * (`GET /api/lands/parcel_validation`): the parcel's details are shown to confirm, then
 * `POST /api/lands/land_r/LinkLandParceltoCustomer`. An unknown parcel, a parcel linked to
 * someone else and one already linked to this user each get their own message.
 */
export function AddLandPage() {
  const { t, i18n } = useTranslation('land');
  const landMessage = useLandMessage();
  const queryClient = useQueryClient();
  const parcels = useQuery({
    queryKey: PARCELS_KEY,
    queryFn: () => apiAllPages<Parcel>('/api/lands/land_r/customer_parcels'),
  });
  const validate = useMutation({
    mutationFn: (lrNumber: string) =>
      api<Parcel>(`/api/lands/parcel_validation?lr_number=${encodeURIComponent(lrNumber)}`),
  });
  const claims = useQuery({
    queryKey: CLAIMS_KEY,
    queryFn: () => apiAllPages<ParcelClaim>('/api/lands/parcel_claims'),
  });
  const link = useMutation({
    mutationFn: linkParcel,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: PARCELS_KEY }),
        queryClient.invalidateQueries({ queryKey: CLAIMS_KEY }),
      ]),
  });
  const parcel = validate.data;
  // The request became an ownership claim: nothing more to press for this parcel.
  const claimed =
    link.isError &&
    parcel !== undefined &&
    landMessageKey(errorText(link.error), parcel.lr_number) === 'messages.claimRecorded';
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (parcel) confirmHeading.current?.focus();
  }, [parcel]);

  function check(lrNumber: string) {
    link.reset();
    validate.mutate(lrNumber);
  }

  return (
    <div className={styles.page}>
      <p className={styles.lead}>{t('addLand.intro')}</p>
      {link.isSuccess ? (
        <Alert variant="success">
          <p>{landMessage(link.data.message, link.data.parcel.lr_number)}</p>
          <p>
            <Link to={`/land-rates-bill?lr=${encodeURIComponent(link.data.parcel.lr_number)}`}>
              {t('addLand.ratesBill')}
            </Link>
          </p>
        </Alert>
      ) : null}
      {!parcel || link.isSuccess ? (
        <LrNumberForm
          key={link.isSuccess ? 'again' : 'first'}
          submitLabel={t('addLand.check')}
          busy={validate.isPending}
          onSubmit={check}
        />
      ) : (
        <section className={styles.confirm} aria-labelledby="parcel-title">
          <h2 id="parcel-title" ref={confirmHeading} tabIndex={-1}>
            {t('addLand.found', { lr: parcel.lr_number })}
          </h2>
          <ParcelDetails parcel={parcel} />
          {parcel.linked_to_me ? (
            <Alert variant="info">
              <p>{landMessage(parcelAlreadyYoursMessage(parcel.lr_number), parcel.lr_number)}</p>
            </Alert>
          ) : (
            <p>{t('addLand.confirmIntro')}</p>
          )}
          {link.isError ? (
            <Alert variant={claimed ? 'info' : 'danger'}>
              <p>{landMessage(errorText(link.error), parcel.lr_number)}</p>
            </Alert>
          ) : null}
          <div className={styles.actions}>
            {claimed ? null : parcel.linked_to_me ? (
              <ButtonLink to={`/land-rates-bill?lr=${encodeURIComponent(parcel.lr_number)}`}>
                {t('addLand.ratesBill')}
              </ButtonLink>
            ) : (
              <Button
                busy={link.isPending}
                busyLabel={t('wizard:loading')}
                onClick={() => link.mutate(parcel.lr_number)}
              >
                {t('addLand.confirm')}
              </Button>
            )}
            <Button
              variant="secondary"
              onClick={() => {
                validate.reset();
                link.reset();
              }}
            >
              {t('addLand.another')}
            </Button>
          </div>
        </section>
      )}
      {validate.isError ? (
        <Alert variant="danger">
          <p>{landMessage(errorText(validate.error), validate.variables ?? '')}</p>
        </Alert>
      ) : null}
      <section className={styles.parcels} aria-labelledby="your-parcels">
        <h2 id="your-parcels">{t('addLand.yourParcels')}</h2>
        {parcels.isError ? (
          <p>{t('addLand.parcelsError')}</p>
        ) : parcels.data?.data.length === 0 ? (
          <p>{t('addLand.noParcels')}</p>
        ) : (
          <ul className={styles.parcelList}>
            {parcels.data?.data.map((p) => (
              <li key={p.lr_number}>
                <span className={styles.reference}>{p.lr_number}</span>
                <span className={styles.muted}>
                  {p.ward_name}, {p.sub_county_name}
                </span>
                <Link to={`/land-rates-bill?lr=${encodeURIComponent(p.lr_number)}`}>
                  {t('addLand.ratesBill')}
                  <span className="visually-hidden"> ({p.lr_number})</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      {claims.data && claims.data.data.length > 0 ? (
        <section className={styles.parcels} aria-labelledby="your-claims">
          <h2 id="your-claims">{t('addLand.claimsTitle')}</h2>
          <ul className={styles.parcelList}>
            {claims.data.data.map((claim) => (
              <li key={claim.id}>
                <span className={styles.reference}>{claim.lr_number}</span>
                <span>{t(`addLand.claimStatus.${claim.status}`)}</span>
                <span className={styles.muted}>
                  {formatDay(claim.created_at.slice(0, 10), i18n.language)}
                </span>
                {claim.decision_reason ? (
                  <span>{t('addLand.claimReason', { reason: claim.decision_reason })}</span>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
