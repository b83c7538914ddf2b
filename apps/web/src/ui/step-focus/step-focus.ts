import { type RefObject, useEffect } from 'react';

/**
 * Moves the focus to the start of a new step (its heading, with tabIndex -1) and brings it into
 * view: on a phone the next step of a form often opens below the fold, and a screen reader must
 * hear where the user now is. One way for every step change: sign-up and sign-in's code step,
 * and each step of every service wizard.
 */
export function focusStepStart(element: HTMLElement | null | undefined): void {
  if (!element) return;
  element.focus({ preventScroll: true });
  element.scrollIntoView?.({ block: 'start', behavior: 'auto' });
}

/** focusStepStart on the element when the component first shows. */
export function useFocusStepOnMount(ref: RefObject<HTMLElement | null>): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the step appears.
  useEffect(() => focusStepStart(ref.current), []);
}
