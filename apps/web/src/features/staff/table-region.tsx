import type { ReactNode } from 'react';
import styles from './staff.module.css';

/**
 * A wide table that scrolls sideways on a narrow screen: a named region the keyboard can reach
 * (Tab) and scroll (arrow keys), so a keyboard user can read every column.
 */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
    <section className={styles.tableWrap} aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
