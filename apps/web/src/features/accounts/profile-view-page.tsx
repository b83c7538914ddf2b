import { formatDisplayDate } from '@kaunti/contract/dates';
import { maskEmail, maskPhone } from '@kaunti/contract/masking';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/translator';
import { Button, ButtonLink } from '../../ui/button/button';
import { PageHeading } from '../../ui/page-heading/page-heading';
import { Spinner } from '../../ui/spinner/spinner';
import { toast } from '../../ui/toast/toast-store';
import styles from './accounts.module.css';
import { accountsApi } from './accounts-api';
import { ProfilePhoto } from './profile-photo';
import { PROFILE_QUERY_KEY, useProfileQuery } from './profile-query';
import { ServerError } from './server-error';
import { useServerMessage } from './use-server-message';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.row}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** /profile/view: the user's details (phone numbers and e-mails masked), PSV, the county record. */
export function ProfileViewPage() {
  const { t, i18n } = useTranslation('accounts');
  const message = useServerMessage();
  const queryClient = useQueryClient();
  const profile = useProfileQuery();
  const psv = useMutation({
    mutationFn: accountsApi.activatePsv,
    onSuccess: (response) => {
      queryClient.setQueryData(
        PROFILE_QUERY_KEY,
        (old: typeof profile.data) => old && { ...old, data: response.data },
      );
      toast.success(message(response.message));
    },
  });

  if (profile.isPending) return <Spinner label={t('profile.loading')} />;
  if (profile.isError) return <ServerError error={profile.error} />;
  const { data: user, erp_data: erp } = profile.data;
  const none = <span className={styles.muted}>{t('profile.none')}</span>;

  return (
    <div className={styles.wide}>
      <PageHeading title={t('profile.title')} lead={t('profile.masked')} />
      <section className={styles.panel} aria-labelledby="profile-details">
        <h2 id="profile-details">{t('profile.details')}</h2>
        <dl className={styles.list}>
          <Row label={t('profile.photo')}>
            <ProfilePhoto photoId={user.photo} name={user.full_name} />
          </Row>
          <Row label={t('profile.name')}>{user.full_name}</Row>
          <Row label={t('profile.identifier')}>
            {user.identifier}{' '}
            <span className={styles.muted}>({t(`identifierTypes.${user.identifier_type}`)})</span>
          </Row>
          <Row label={t('profile.phone')}>
            <span data-testid="profile-phone">{maskPhone(user.phone_number)}</span>
          </Row>
          <Row label={t('profile.email')}>
            <span data-testid="profile-email">{maskEmail(user.email)}</span>
          </Row>
          <Row label={t('profile.secondPhone')}>
            {user.mobile_number_2nd ? maskPhone(user.mobile_number_2nd) : none}
          </Row>
          <Row label={t('profile.secondaryEmail')}>
            {user.secondary_email ? maskEmail(user.secondary_email) : none}
          </Row>
          <Row label={t('profile.psv')}>
            {user.psv ? t('profile.psvActive') : t('profile.psvInactive')}
            {user.psv ? null : (
              <Button
                variant="secondary"
                className={styles.inlineButton}
                busy={psv.isPending}
                busyLabel={t('profile.activatingPsv')}
                onClick={() => psv.mutate()}
              >
                {t('profile.activatePsv')}
              </Button>
            )}
          </Row>
        </dl>
        <ServerError error={psv.error} />
      </section>
      <section className={styles.panel} aria-labelledby="profile-county">
        <h2 id="profile-county">{t('profile.county')}</h2>
        <dl className={styles.list}>
          <Row label={t('profile.customerNo')}>
            <span data-testid="customer-no">{erp.customer_no}</span>
          </Row>
          <Row label={t('profile.kraPin')}>{erp.kra_pin ?? none}</Row>
          <Row label={t('profile.registered')}>{formatDisplayDate(erp.registered_at, i18n.language)}</Row>
        </dl>
      </section>
      <nav className={styles.panel} aria-labelledby="profile-actions">
        <h2 id="profile-actions">{t('profile.actions')}</h2>
        <div className={styles.actions}>
          <ButtonLink to="/profile/edit">{t('profile.edit')}</ButtonLink>
          <ButtonLink to="/profile/change-phone" variant="secondary">
            {t('profile.changePhone')}
          </ButtonLink>
          <ButtonLink to="/profile/change-password" variant="secondary">
            {t('profile.changePassword')}
          </ButtonLink>
        </div>
      </nav>
    </div>
  );
}
