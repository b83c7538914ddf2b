import { Link } from 'react-router';
import { appPath } from '../../lib/app-path';
import { pdfLinkIn } from '../../lib/document-language';
import { useTranslation } from '../../lib/translator';
import styles from './document-links.module.css';

/**
 * An issued document's three ways out — its printable page, its PDF and its E-Verify check —
 * each link naming the document for screen readers (a list of cards has many "Print" links).
 */
export function DocumentLinks({
  document,
  number,
  labels,
}: {
  document: { print_url?: string | null; pdf_url: string; url: string };
  /** The document's number, read after each link's words. */
  number: string;
  labels: { print: string; pdf: string; verify: string };
}) {
  // The PDF in the reader's language (its printable page asks in it by itself).
  const { i18n } = useTranslation();
  return (
    <>
      {document.print_url ? (
        <Link className={styles.link} to={appPath(document.print_url)}>
          {labels.print}
          <span className="visually-hidden"> {number}</span>
        </Link>
      ) : null}
      <a className={styles.link} href={pdfLinkIn(appPath(document.pdf_url), i18n.language)}>
        {labels.pdf}
        <span className="visually-hidden"> {number}</span>
      </a>
      <Link className={styles.link} to={appPath(document.url)}>
        {labels.verify}
        <span className="visually-hidden"> {number}</span>
      </Link>
    </>
  );
}
