import { formatKes } from '@kaunti/contract/money';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../lib/translator';
import { Button, ButtonLink } from '../../ui/button/button';
import { Card, CardList } from '../../ui/card/card';
import { Fact, FactList } from '../../ui/fact-list/fact-list';
import { PageHeading } from '../../ui/page-heading/page-heading';
import { EmptyState } from '../../ui/query-state/query-state';
import { Spinner } from '../../ui/spinner/spinner';
import { SaccoFailure } from './psv-gate';
import { SaccoInput, useSaccoForm } from './sacco-form';
import styles from './saccos.module.css';
import { saccosApi, useSaccos } from './saccos-api';

/**
 * /account/transport-sacco-vehicles: the transport Saccos the user manages, each with this year's
 * summary (vehicles, stickers paid, billed and due, what the due ones cost) and a link to its
 * fleet; register another. Without PSV services, the button that activates them.
 */
export function TransportSaccosPage() {
  const { t } = useTranslation('saccos');
  const query = useSaccos();
  return (
    <div className={styles.page}>
      <PageHeading title={t('saccos.title')} lead={t('saccos.lead')} />
      {query.isPending ? <Spinner label={t('loading')} /> : null}
      {query.isError ? <SaccoFailure error={query.error} /> : null}
      {query.data ? (
        <>
          <p className={styles.actions}>
            <ButtonLink to="/account/transport-sacco-vehicles/add" variant="secondary">
              {t('saccos.register')}
            </ButtonLink>
          </p>
          {query.data.length === 0 ? (
            <EmptyState>
              <p>{t('saccos.empty')}</p>
            </EmptyState>
          ) : (
            <CardList>
              {query.data.map((sacco) => (
                <Card
                  key={sacco.id}
                  headingId={`sacco-${sacco.id}`}
                  title={sacco.name}
                  level={2}
                  data-testid="sacco-card"
                >
                  <FactList>
                    <Fact label={t('saccos.registrationNo')}>{sacco.registration_no}</Fact>
                    <Fact label={t('saccos.vehicles')}>{sacco.vehicles}</Fact>
                    <Fact label={t('saccos.paid', { year: sacco.year })}>{sacco.stickers_paid}</Fact>
                    <Fact label={t('saccos.pending')}>{sacco.stickers_pending}</Fact>
                    <Fact label={t('saccos.due')}>{sacco.stickers_due}</Fact>
                    <Fact label={t('saccos.amountDue')}>{formatKes(sacco.amount_due_cents)}</Fact>
                  </FactList>
                  <p className={styles.actions}>
                    <ButtonLink to={`/account/sacco-vehicles?sacco=${encodeURIComponent(sacco.id)}`}>
                      {t('saccos.fleet')}
                      <span className="visually-hidden"> — {sacco.name}</span>
                    </ButtonLink>
                  </p>
                </Card>
              ))}
            </CardList>
          )}
        </>
      ) : null}
    </div>
  );
}

type SaccoField = 'name' | 'registration_no' | 'phone' | 'email';

/** /account/transport-sacco-vehicles/add: registers a transport Sacco (the user manages it). */
export function RegisterSaccoPage() {
  const { t } = useTranslation('saccos');
  const navigate = useNavigate();
  const client = useQueryClient();
  const form = useSaccoForm<SaccoField>('sacco', { name: '', registration_no: '', phone: '', email: '' });
  const labels = {
    name: t('register.name'),
    registration_no: t('register.registrationNo'),
    phone: t('register.phone'),
    email: t('register.email'),
  };
  const submit = form.submitWith(async (values) => {
    const sacco = await saccosApi.register({
      name: values.name,
      registration_no: values.registration_no,
      phone: values.phone,
      ...(values.email.trim() ? { email: values.email } : {}),
    });
    await client.invalidateQueries({ queryKey: ['saccos'] });
    await navigate(`/account/sacco-vehicles?sacco=${encodeURIComponent(sacco.id)}`);
  });
  return (
    <div className={styles.page}>
      <PageHeading title={t('register.title')} lead={t('register.lead')} />
      {form.failure ? <SaccoFailure error={form.failure} /> : null}
      <form className={styles.form} noValidate onSubmit={submit} aria-label={t('register.title')}>
        {form.summary(t('errorSummary'), labels)}
        <SaccoInput
          {...form.field('name', { label: labels.name, required: true, autoComplete: 'organization' })}
        />
        <SaccoInput
          {...form.field('registration_no', {
            label: labels.registration_no,
            hint: t('register.registrationHint'),
            required: true,
            autoComplete: 'off',
            spellCheck: false,
          })}
        />
        <SaccoInput
          {...form.field('phone', {
            label: labels.phone,
            type: 'tel',
            inputMode: 'tel',
            autoComplete: 'tel',
            required: true,
          })}
        />
        <SaccoInput {...form.field('email', { label: labels.email, type: 'email', autoComplete: 'email' })} />
        <Button type="submit" busy={form.busy} busyLabel={t('saving')}>
          {t('register.submit')}
        </Button>
      </form>
    </div>
  );
}
