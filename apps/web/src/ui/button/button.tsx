import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { useOnline } from '../../lib/online';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'link';

export function buttonClass(variant: ButtonVariant = 'primary', extra?: string): string {
  return [styles.button, styles[variant], extra].filter(Boolean).join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Shows the busy label and disables the button while true. */
  busy?: boolean;
  busyLabel?: ReactNode;
  /**
   * The button moves money (an M-Pesa prompt): while the browser is offline it does nothing, as a
   * busy one (nothing is queued to be sent later). Put `NeedsConnection` (ui/offline) beside it to
   * say why.
   */
  needsConnection?: boolean;
}

/**
 * A button; `busy` keeps its place and says so to screen readers. A busy button is
 * `aria-disabled`, not `disabled`: it keeps the focus (a disabled button drops it to the page's
 * body, where a keyboard or screen reader user is lost) while a press on it — or Enter in its
 * form — does nothing.
 */
export function Button({
  variant = 'primary',
  busy = false,
  busyLabel,
  needsConnection = false,
  className,
  children,
  type,
  onClick,
  ...rest
}: ButtonProps) {
  const online = useOnline();
  const held = busy || (needsConnection && !online);
  return (
    <button
      type={type ?? 'button'}
      className={buttonClass(variant, className)}
      aria-disabled={held || undefined}
      aria-busy={busy || undefined}
      {...rest}
      onClick={held ? (event) => event.preventDefault() : onClick}
    >
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}

/** A link styled as a button (for navigation, not actions). */
export function ButtonLink({
  variant = 'primary',
  className,
  ...rest
}: LinkProps & { variant?: ButtonVariant }) {
  return (
    <Link className={buttonClass(variant, typeof className === 'string' ? className : undefined)} {...rest} />
  );
}
