import type { ReactNode } from 'react';
import styles from './status-badge.module.css';

/** How a status feels: neutral, in progress, waiting for the user, good, or bad. */
export type StatusTone = 'neutral' | 'progress' | 'action' | 'good' | 'bad';

/**
 * A status as a word on a tinted, outlined pill: the word carries the meaning, the colour only
 * repeats it. `status` is the raw value, kept in `data-status` for styling and tests.
 */
export function StatusBadge({
  tone,
  status,
  children,
}: {
  tone: StatusTone;
  status?: string;
  children: ReactNode;
}) {
  return (
    <span className={`${styles.badge} ${styles[tone]}`} data-status={status} data-tone={tone}>
      {children}
    </span>
  );
}
