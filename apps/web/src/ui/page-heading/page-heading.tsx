import type { ReactNode } from 'react';
import styles from './page-heading.module.css';

/** The page's one h1 and an optional lead paragraph. */
export function PageHeading({ title, lead }: { title: ReactNode; lead?: ReactNode }) {
  return (
    <header className={styles.heading}>
      <h1>{title}</h1>
      {lead ? <p className={styles.lead}>{lead}</p> : null}
    </header>
  );
}
