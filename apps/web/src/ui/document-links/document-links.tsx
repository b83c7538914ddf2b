import { Link } from 'react-router';
import { appPath } from '../../lib/app-path';
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
  return (
    <>
      {document.print_url ? (
        <Link className={styles.link} to={appPath(document.print_url)}>
          {labels.print}
          <span className="visually-hidden"> {number}</span>
        </Link>
      ) : null}
      <a className={styles.link} href={appPath(document.pdf_url)}>
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
