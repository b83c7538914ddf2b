import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
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
  className,
  children,
  type,
  onClick,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type ?? 'button'}
      className={buttonClass(variant, className)}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      {...rest}
      onClick={busy ? (event) => event.preventDefault() : onClick}
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
