import styles from './stepper.module.css';

export interface StepperProps {
  /** The step titles, in order (already translated). */
  steps: readonly string[];
  /** Index of the current step. */
  current: number;
  /** The list's accessible name, e.g. "Steps". */
  label: string;
  /** The translated word read after a finished step, e.g. "completed". */
  completedLabel: string;
}

/**
 * The wizard's steps as an ordered list: finished steps ticked, the current one marked with
 * `aria-current="step"`. Not interactive: steps are reached with Previous and Next. On a narrow
 * screen only the current step's title is shown (the others keep theirs for screen readers).
 */
export function Stepper({ steps, current, label, completedLabel }: StepperProps) {
  return (
    <ol className={styles.stepper} aria-label={label}>
      {steps.map((title, index) => {
        const state = index < current ? 'done' : index === current ? 'current' : 'todo';
        return (
          <li
            // Steps never reorder: the index is the step's identity here.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            key={index}
            className={`${styles.step} ${styles[state]}`}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className={styles.marker} aria-hidden="true">
              {state === 'done' ? '✓' : index + 1}
            </span>
            <span className={styles.title}>
              {title}
              {state === 'done' ? <span className="visually-hidden"> ({completedLabel})</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
