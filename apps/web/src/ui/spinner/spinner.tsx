import styles from './spinner.module.css';

/** A loading indicator with a text label (not only an animation). */
export function Spinner({ label }: { label: string }) {
  return (
    <div className={styles.spinner} role="status">
      <span className={styles.wheel} aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
