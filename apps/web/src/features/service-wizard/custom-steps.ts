import { lazy } from 'react';
import type { CustomStepRegistry } from './custom-step-props';

/**
 * Custom step components by name: a definition's step with `component: "<name>"` is rendered by
 * the component registered here instead of the generic fields (each is fetched only when such a
 * step opens). The step's fields, if any, are still validated by the catalogue's step schema.
 */
export const customSteps: CustomStepRegistry = {
  /** GOV.UK's "Check your answers": every answer so far, with a link back to change it. */
  'check-answers': lazy(() => import('./check-answers-step').then((m) => ({ default: m.CheckAnswersStep }))),
};

/**
 * Step helpers by name: a step with `helper: "<name>"` shows it before its generic fields, which
 * it fills in (fetched only when such a step opens).
 */
export const stepHelpers: CustomStepRegistry = {
  /** One of the user's businesses, or one of the county's register found by KRA PIN or registration number. */
  'business-finder': lazy(() => import('./business-finder').then((m) => ({ default: m.BusinessFinder }))),
  /** The user's own vehicles (my vehicles), each added to the step's vehicles group in one tap. */
  'my-vehicles': lazy(() => import('./my-vehicles').then((m) => ({ default: m.MyVehicles }))),
  /** The vacant stalls of the market and kind chosen (a stall application: the first is allocated at issue). */
  'vacant-stalls': lazy(() => import('./vacant-stalls').then((m) => ({ default: m.VacantStalls }))),
};
