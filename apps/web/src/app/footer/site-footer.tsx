import { Link } from 'react-router';
import { telHref, useCounty } from '../../lib/county';
import { useMessageTranslation } from '../../lib/i18n';
import { useTranslation } from '../../lib/translator';
import styles from './site-footer.module.css';

/** The county's own words (set in English) through the messages namespace, loaded only in Kiswahili. */
function ServerText({ text }: { text: string }) {
  const translate = useMessageTranslation();
  return <>{translate(text)}</>;
}

/** Spec: the footer is hidden on any path containing "downloads" (printable documents). */
export function isFooterHidden(pathname: string): boolean {
  return pathname.includes('downloads');
}

/** County contacts and the information pages. */
export function SiteFooter() {
  const { t, i18n } = useTranslation();
  const county = useCounty();
  return (
    <footer className={styles.footer} data-testid="site-footer">
      <div className={styles.inner}>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">{t('footer.contactUs')}</h2>
          {county ? (
            <address>
              <p>
                {county.name}
                <br />
                {county.contacts.physical_address}
                <br />
                {county.contacts.postal_address}
              </p>
              <ul>
                {county.contacts.phones.map((phone) => (
                  <li key={phone}>
                    <a href={telHref(phone)}>{phone}</a>
                  </li>
                ))}
                {county.contacts.emails.map((email) => (
                  <li key={email}>
                    <a href={`mailto:${email}`}>{email}</a>
                  </li>
                ))}
              </ul>
            </address>
          ) : null}
        </section>
        <section aria-labelledby="footer-help">
          <h2 id="footer-help">{t('footer.help')}</h2>
          <ul>
            <li>
              <Link to="/faqs">{t('nav.faqs')}</Link>
            </li>
            <li>
              <Link to="/contact">{t('nav.contact')}</Link>
            </li>
            <li>
              <Link to="/e-verify">{t('footer.verify')}</Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-legal">
          <h2 id="footer-legal">{t('footer.legal')}</h2>
          <ul>
            <li>
              <Link to="/terms-and-conditions/general">{t('footer.terms')}</Link>
            </li>
            <li>
              <Link to="/data-privacy-policy">{t('footer.privacy')}</Link>
            </li>
            <li>
              <Link to="/reserved-parking-terms-and-conditions">{t('footer.reservedParkingTerms')}</Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-pay">
          <h2 id="footer-pay">{t('footer.payTitle')}</h2>
          <p>{t('footer.payBody', { paybill: county?.paybill ?? '' })}</p>
          {county ? (
            <p>
              {i18n.language.startsWith('sw') ? (
                <ServerText text={county.contacts.hours} />
              ) : (
                county.contacts.hours
              )}
            </p>
          ) : null}
        </section>
      </div>
      <p className={styles.bottom}>
        © {new Date().getFullYear()} {county?.name ?? ''}. {t('footer.rights')}
      </p>
    </footer>
  );
}
