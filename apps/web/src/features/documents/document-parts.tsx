import type { County } from '@kaunti/contract/api-county';
import { VERIFY_PATH } from '@kaunti/contract/verify-code';
import { useTranslation } from '../../lib/translator';
import styles from './document.module.css';

/**
 * The pieces every printable county document shares, as the server's PDFs draw them
 * (platform/pdf/letterhead.ts): the letterhead, the QR code with its short code, the footer.
 */

/** The county's letterhead: emblem, title, subtitle, address and motto (county configuration). */
export function Letterhead({ county }: { county: County }) {
  return (
    <header className={styles.letterhead}>
      <DocumentEmblem />
      <div>
        <p className={styles.countyTitle}>{county.letterhead.title}</p>
        <p className={styles.subtitle}>{county.letterhead.subtitle}</p>
        <p className={styles.muted}>{county.letterhead.address_lines.join('  |  ')}</p>
        <p className={styles.motto}>{county.letterhead.motto}</p>
      </div>
    </header>
  );
}

/** A document's facts, label and value, in order. */
export function DocumentFacts({ facts }: { facts: readonly (readonly [string, string])[] }) {
  return (
    <dl className={styles.facts}>
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The QR code (the signed code, linking to E-Verify) with the short code printed under it. */
export function DocumentQr({
  verifyCode,
  verifyUrl,
  shortCode,
}: {
  verifyCode: string;
  verifyUrl: string;
  shortCode?: string | null | undefined;
}) {
  const { t } = useTranslation('documents');
  return (
    <figure className={styles.qr}>
      <img
        src={`/api/documents/qr.svg?code=${encodeURIComponent(verifyCode)}`}
        alt={t('document.qrAlt')}
        width={128}
        height={128}
      />
      <figcaption>
        {t('document.scanToVerify')} <span className={styles.url}>{verifyPageOf(verifyUrl)}</span>
        {shortCode ? (
          <>
            <br />
            {t('document.orEnterCode')}{' '}
            <strong className={styles.shortCode} data-testid="short-code">
              {shortCode}
            </strong>
          </>
        ) : null}
      </figcaption>
    </figure>
  );
}

/** The county's contacts and the page number, at the foot of every printed page. */
export function DocumentFooter({ county, page, pages }: { county: County; page: number; pages: number }) {
  const { t } = useTranslation('documents');
  const { contacts } = county;
  return (
    <footer className={styles.footer}>
      <div>
        <p className={styles.strong}>
          {county.name} | {contacts.postal_address} | {contacts.physical_address}
        </p>
        <p>
          {t('document.tel')}: {contacts.phones.join(', ')} | {t('document.email')}:{' '}
          {contacts.emails.join(', ')}
        </p>
        <p>{contacts.website}</p>
      </div>
      <p className={styles.pageNumber}>{t('document.pageOf', { page, pages })}</p>
    </footer>
  );
}

/** The county emblem as drawn on the PDF (decorative: the county's name is beside it). */
function DocumentEmblem() {
  return (
    <svg className={styles.emblem} viewBox="0 0 36 43" aria-hidden="true" focusable="false">
      <path d="M0 0h36v23.65Q36 37.84 18 43 0 37.84 0 23.65Z" fill="#0b6b3a" />
      <rect x="3" y="12.9" width="30" height="5" fill="#c9a227" />
      <circle cx="18" cy="26.66" r="6.5" fill="#fff" />
      <circle cx="18" cy="26.66" r="3" fill="#0b6b3a" />
    </svg>
  );
}

/** The E-Verify page of a document's link, as printed under its QR code. */
function verifyPageOf(verifyUrl: string): string {
  try {
    return `${new URL(verifyUrl).origin}${VERIFY_PATH}`;
  } catch {
    return VERIFY_PATH;
  }
}
