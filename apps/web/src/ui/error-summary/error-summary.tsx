import { useEffect, useRef } from 'react';
import styles from './error-summary.module.css';

export interface ErrorSummaryItem {
  /** The id of the field's control. */
  fieldId: string;
  message: string;
  /** The field's label: added to a message that more than one field shares, to tell them apart. */
  label?: string;
}

/** "Please add passport photo — Passport photo of the recipient" when two fields say the same. */
function linkText(error: ErrorSummaryItem, all: readonly ErrorSummaryItem[]): string {
  const shared = all.filter((other) => other.message === error.message).length > 1;
  return shared && error.label ? `${error.message} — ${error.label}` : error.message;
}

export interface ErrorSummaryProps {
  title: string;
  errors: readonly ErrorSummaryItem[];
  /** Changes each time the form is submitted with errors: the summary then takes the focus. */
  focusKey: number;
}

/**
 * GOV.UK's error summary: "There is a problem" and a link to each field in error, shown at the
 * top of the form after a failed submit, with the focus moved to it so every user hears it.
 */
export function ErrorSummary({ title, errors, focusKey }: ErrorSummaryProps) {
  const ref = useRef<HTMLElement>(null);
  const focused = useRef(0);
  const shown = errors.length > 0;
  useEffect(() => {
    // Once per submit, as soon as the summary is there (the errors may arrive a render later).
    if (shown && focusKey > 0 && focused.current !== focusKey) {
      focused.current = focusKey;
      ref.current?.focus();
    }
  }, [focusKey, shown]);
  if (!shown) return null;
  return (
    <section ref={ref} className={styles.summary} tabIndex={-1} aria-labelledby="error-summary-title">
      <div role="alert">
        <h2 id="error-summary-title" className={styles.title}>
          {title}
        </h2>
        <ul className={styles.list}>
          {errors.map((error) => (
            <li key={error.fieldId}>
              <a
                href={`#${error.fieldId}`}
                onClick={(event) => {
                  // Focus the control itself (the router must not treat the hash as a navigation).
                  const target = document.getElementById(error.fieldId);
                  if (!target) return;
                  event.preventDefault();
                  target.scrollIntoView?.({ block: 'center' });
                  target.focus();
                }}
              >
                {linkText(error, errors)}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
