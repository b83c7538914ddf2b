import type { SubCounty } from '@kaunti/contract/api-county';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { telHref, useCounty } from '../../lib/county';
import { useMessageTranslation } from '../../lib/i18n';
import { useTranslation } from '../../lib/translator';
import { QueryState } from '../../ui/query-state/query-state';
import styles from './info-page.module.css';
import { asStringList } from './translated-content';

export const SUB_COUNTIES_QUERY_KEY = ['county', 'sub-counties'] as const;

function SubCountyOffices() {
  const { t } = useTranslation('pages');
  const query = useQuery({
    queryKey: SUB_COUNTIES_QUERY_KEY,
    queryFn: () => api<{ data: SubCounty[] }>('/api/county/sub-counties'),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <QueryState
      query={query}
      loadingLabel={t('contact.subCountiesLoading')}
      errorTitle={t('contact.subCountiesError')}
      retryLabel={t('contact.retry')}
    >
      {({ data: subCounties }) => (
        <>
          <p>{t('contact.subCountiesBody', { count: subCounties.length })}</p>
          <ul className={styles.subCounties} data-testid="sub-counties">
            {subCounties.map((subCounty) => (
              <li key={subCounty.code}>
                <span className={styles.subCountyName}>{subCounty.name}</span>
                <span className={styles.wardCount}>
                  {t('contact.wards', { count: subCounty.wards.length })}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </QueryState>
  );
}

/** /contact: the county's phones, e-mails, addresses and hours, and where to get help in person. */
export function ContactPage() {
  const { t } = useTranslation('pages');
  // The county's hours are its own words: shown in Kiswahili when the messages know them.
  const translate = useMessageTranslation();
  const county = useCounty();
  const contacts = county?.contacts;

  return (
    <div className={styles.page}>
      <p className={styles.intro}>{t('contact.intro')}</p>

      <section aria-labelledby="contact-reach">
        <h2 id="contact-reach">{t('contact.reachTitle')}</h2>
        {contacts ? (
          <dl className={styles.facts}>
            <dt>{t('contact.phones')}</dt>
            <dd>
              <ul>
                {contacts.phones.map((phone) => (
                  <li key={phone}>
                    <a href={telHref(phone)}>{phone}</a>
                  </li>
                ))}
              </ul>
            </dd>
            <dt>{t('contact.emails')}</dt>
            <dd>
              <ul>
                {contacts.emails.map((email) => (
                  <li key={email}>
                    <a href={`mailto:${email}`}>{email}</a>
                  </li>
                ))}
              </ul>
            </dd>
            <dt>{t('contact.hours')}</dt>
            <dd>{translate(contacts.hours)}</dd>
            <dt>{t('contact.website')}</dt>
            <dd>
              <a href={contacts.website}>{contacts.website.replace(/^https?:\/\//, '')}</a>
            </dd>
          </dl>
        ) : null}
      </section>

      <section aria-labelledby="contact-visit">
        <h2 id="contact-visit">{t('contact.visitTitle')}</h2>
        {contacts ? (
          <address className={styles.address}>
            <dl className={styles.facts}>
              <dt>{t('contact.physicalAddress')}</dt>
              <dd>{contacts.physical_address}</dd>
              <dt>{t('contact.postalAddress')}</dt>
              <dd>{contacts.postal_address}</dd>
            </dl>
          </address>
        ) : null}
        <h3>{t('contact.revenueHallTitle')}</h3>
        <p>{t('contact.revenueHallBody', { address: contacts?.physical_address ?? '' })}</p>
        <h3 id="contact-sub-counties">{t('contact.subCountiesTitle')}</h3>
        <SubCountyOffices />
      </section>

      <section aria-labelledby="contact-ready">
        <h2 id="contact-ready">{t('contact.readyTitle')}</h2>
        <ul>
          {asStringList(t('contact.ready', { returnObjects: true })).map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>

      <section className={styles.notice} aria-labelledby="contact-safety">
        <h2 id="contact-safety">{t('contact.safetyTitle')}</h2>
        <p>{t('contact.safety', { paybill: county?.paybill ?? '' })}</p>
      </section>
    </div>
  );
}
