import type { ComponentProps, ReactNode } from 'react';
import styles from './fact-list.module.css';

/** Facts as label / value tiles that wrap into as many columns as fit (a `dl` of Facts). */
export function FactList({ className, ...list }: ComponentProps<'dl'>) {
  return <dl {...list} className={[styles.list, className].filter(Boolean).join(' ')} />;
}

/** One fact: its label, then its value (the other props go to the value's `dd`). */
export function Fact({ label, ...value }: { label: ReactNode } & ComponentProps<'dd'>) {
  return (
    <div>
      <dt>{label}</dt>
      <dd {...value} />
    </div>
  );
}
