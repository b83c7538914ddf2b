import { Link } from 'react-router';
import { AccountPanel } from '../../lib/account-panel';
import { useCounty } from '../../lib/county';
import { useTranslation } from '../../lib/translator';
import { ButtonLink } from '../../ui/button/button';
import styles from './landing-page.module.css';
import { SERVICE_AREAS, type ServiceArea } from './service-areas';
import { asStringList } from './translated-content';

function AreaIcon({ path }: { path: string }) {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} />
    </svg>
  );
}

function ServiceCard({ area }: { area: ServiceArea }) {
  const { t } = useTranslation(['home', 'common']);
  const titleId = `area-${area.id}`;
  return (
    <section className={`${styles.card} ${area.wide ? styles.wide : ''}`} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.cardTitle}>
        <AreaIcon path={area.icon} />
        {t(`areas.${area.id}.title`)}
      </h3>
      <p className={styles.cardText}>{t(`areas.${area.id}.description`)}</p>
      <ul className={styles.links}>
        {area.links.map((link) => (
          <li key={link.to}>
            {link.planned ? (
              // Not available yet: said here, before anyone signs in to find out.
              <span className={styles.planned}>
                {t(link.label, { defaultValue: link.english?.label })}{' '}
                <span className={styles.soon}>{t('services.comingSoon')}</span>
              </span>
            ) : (
              <Link to={link.to}>{t(link.label, { defaultValue: link.english?.label })}</Link>
            )}
            {link.description ? (
              <span className={styles.linkNote}>
                {t(link.description, { defaultValue: link.english?.description })}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Steps({ items }: { items: string[] }) {
  return (
    <ol className={styles.steps}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ol>
  );
}

function HowToPay() {
  const { t } = useTranslation('home');
  const county = useCounty();
  const paybill = county?.paybill ?? '';
  return (
    <section className={styles.section} aria-labelledby="how-to-pay">
      <h2 id="how-to-pay">{t('pay.title')}</h2>
      <p className={styles.lead}>{t('pay.lead')}</p>
      <div className={styles.methods}>
        <section className={styles.method} aria-labelledby="pay-stk">
          <h3 id="pay-stk">{t('pay.stk.title')}</h3>
          <Steps items={asStringList(t('pay.stk.steps', { returnObjects: true }))} />
        </section>
        <section className={styles.method} aria-labelledby="pay-paybill">
          <h3 id="pay-paybill">{t('pay.paybill.title')}</h3>
          <p className={styles.paybill} data-testid="landing-paybill">
            <span>{t('pay.paybill.label')}</span> <strong>{paybill}</strong>
          </p>
          <Steps items={asStringList(t('pay.paybill.steps', { returnObjects: true, paybill }))} />
        </section>
        <section className={styles.method} aria-labelledby="pay-bank">
          <h3 id="pay-bank">{t('pay.bank.title')}</h3>
          <p>{t('pay.bank.body')}</p>
          {(county?.bank_accounts ?? []).map((account) => (
            <dl key={account.account_number} className={styles.account}>
              <dt>{t('pay.bank.bank')}</dt>
              <dd>{account.bank}</dd>
              <dt>{t('pay.bank.branch')}</dt>
              <dd>{account.branch}</dd>
              <dt>{t('pay.bank.accountName')}</dt>
              <dd>{account.account_name}</dd>
              <dt>{t('pay.bank.accountNumber')}</dt>
              <dd className={styles.number}>{account.account_number}</dd>
            </dl>
          ))}
        </section>
      </div>
      <p className={styles.notice}>{t('pay.noCash')}</p>
    </section>
  );
}

const RESULTS = ['valid', 'tampered', 'revoked', 'expired'] as const;

function HowToVerify() {
  const { t } = useTranslation('home');
  return (
    <section className={styles.section} aria-labelledby="how-to-verify">
      <h2 id="how-to-verify">{t('verify.title')}</h2>
      <p className={styles.lead}>{t('verify.lead')}</p>
      <div className={styles.verify}>
        <div>
          <Steps items={asStringList(t('verify.steps', { returnObjects: true }))} />
          <p>
            <ButtonLink to="/e-verify">{t('verify.action')}</ButtonLink>
          </p>
        </div>
        <section aria-labelledby="verify-results">
          <h3 id="verify-results">{t('verify.resultsTitle')}</h3>
          <dl className={styles.results}>
            {RESULTS.map((result) => (
              <div key={result} className={styles.result} data-result={result}>
                <dt>{t(`verify.${result}`)}</dt>
                <dd>{t(`verify.${result}Body`)}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
    </section>
  );
}

/**
 * "/": what the portal does, its service areas, how to pay and how to verify a document.
 * Kept light for the first load on a phone (no form or widget libraries, icons inline).
 */
export function LandingPage() {
  const { t } = useTranslation('home');
  const county = useCounty();
  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-labelledby="landing-title">
        {county ? <p className={styles.eyebrow}>{county.portal_name}</p> : null}
        <h1 id="landing-title">{t('hero.title')}</h1>
        <p className={styles.heroLead}>{t('hero.lead')}</p>
        <p className={styles.actions}>
          <ButtonLink to="/payment">{t('hero.pay')}</ButtonLink>
          <ButtonLink to="/e-verify" variant="secondary">
            {t('hero.verify')}
          </ButtonLink>
        </p>
        <div className={styles.accountLinks}>
          <AccountPanel
            guest={
              <>
                <ul className={styles.accountLinks}>
                  <li>
                    <Link to="/login">{t('hero.signIn')}</Link>
                  </li>
                  <li>
                    <Link to="/signup">{t('hero.signUp')}</Link>
                  </li>
                </ul>
                <p className={styles.accountNote}>{t('hero.accountNote')}</p>
              </>
            }
          />
        </div>
      </section>

      <section className={styles.section} aria-labelledby="services-title">
        <h2 id="services-title">{t('services.title')}</h2>
        <p className={styles.lead}>{t('services.lead')}</p>
        <div className={styles.grid}>
          {SERVICE_AREAS.map((area) => (
            <ServiceCard key={area.id} area={area} />
          ))}
        </div>
      </section>

      <HowToPay />
      <HowToVerify />

      <section className={`${styles.section} ${styles.help}`} aria-labelledby="help-title">
        <h2 id="help-title">{t('help.title')}</h2>
        <p>{t('help.body')}</p>
        <p className={styles.actions}>
          <ButtonLink to="/faqs" variant="secondary">
            {t('help.faqs')}
          </ButtonLink>
          <ButtonLink to="/contact" variant="secondary">
            {t('help.contact')}
          </ButtonLink>
        </p>
      </section>
    </div>
  );
}
