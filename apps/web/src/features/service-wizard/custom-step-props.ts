import type { ServiceDefinition, StepDefinition } from '@kaunti/catalogue/definition';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { UseFormReturn } from '../../lib/form';
import type { ServiceText } from '../../lib/service-text';
import type { UploadedFile } from '../../lib/uploads';

/**
 * What a custom step component is given: it renders inside the wizard's form. Its controls take
 * the ids `fieldId(name)` (fields/wizard-field.tsx) so the error summary's links reach them.
 */
export interface CustomStepProps {
  service: ServiceDefinition;
  step: StepDefinition;
  /** The wizard's form: a custom step registers its inputs here, under the step's field names. */
  form: UseFormReturn<Record<string, unknown>>;
  text: ServiceText;
  /** Uploaded files by field name (name, size, type). */
  files: Readonly<Record<string, UploadedFile>>;
  /** Moves to another step (e.g. "Change" links of a summary). */
  goToStep: (index: number) => void;
}

export type CustomStepRegistry = Readonly<
  Record<string, LazyExoticComponent<ComponentType<CustomStepProps>>>
>;
