import type { ReactNode } from 'react';
import styles from './alert.module.css';

export interface AlertProps {
  variant: 'danger' | 'success' | 'info' | 'warning';
  title?: ReactNode;
  children?: ReactNode;
  /** Danger alerts are announced at once (role="alert"); others politely (role="status"). */
  live?: boolean;
}

/** A message box; a danger alert is how a server error is shown (spec: "danger alert"). */
export function Alert({ variant, title, children, live = true }: AlertProps) {
  const role = live ? (variant === 'danger' ? 'alert' : 'status') : undefined;
  return (
    <div className={`${styles.alert} ${styles[variant]}`} role={role} data-variant={variant}>
      {title ? <p className={styles.title}>{title}</p> : null}
      {children}
    </div>
  );
}
