import type { ComponentProps, ReactNode } from 'react';
import styles from './card.module.css';

/** A list of cards (each a Card), one under the other. */
export function CardList({ className, ...list }: ComponentProps<'ul'>) {
  return <ul {...list} className={[styles.list, className].filter(Boolean).join(' ')} />;
}

export interface CardProps extends Omit<ComponentProps<'li'>, 'title'> {
  /** The id of the card's heading, which names the card. */
  headingId: string;
  title: ReactNode;
  /** The heading's level in the page (h2 on a list page, h3 under a section's h2). */
  level?: 2 | 3;
  /** Beside the title, e.g. a StatusBadge. */
  badge?: ReactNode;
}

/** One item of a CardList: a titled card, named by its heading, with what follows below it. */
export function Card({ headingId, title, level = 2, badge, children, ...item }: CardProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <li {...item} className={styles.card} aria-labelledby={headingId}>
      <div className={styles.head}>
        <Heading id={headingId} className={styles.title}>
          {title}
        </Heading>
        {badge}
      </div>
      {children}
    </li>
  );
}
