import type { ServiceDefinition } from '@kaunti/catalogue/definition';
import { fileFieldsOf, validateApplication } from '@kaunti/catalogue/schema-builder';
import type { FieldError } from '@kaunti/contract/errors';
import { badRequest } from '../../platform/errors';
import type { UploadService } from '../uploads/upload-service';
import type { ReferenceChoices } from './reference-choices';

/**
 * Checks an area adds to the catalogue's validation, e.g. the land area checks that the parcel
 * and the codes exist. Answers field errors (empty = fine), and may answer the values the
 * definition says its area derives (`derived`: an activity's name, months since the last permit
 * expired), which are kept with the answers. Registered by area name from app.ts.
 */
export type AreaValidator = (input: {
  userId: string;
  service: ServiceDefinition;
  values: Record<string, unknown>;
}) => Promise<
  | FieldError[]
  | {
      errors: FieldError[];
      derived?: Record<string, unknown>;
      /** The obligation the application's bill settles (e.g. "sbp:<business>"): never two open bills for it. */
      obligation?: string;
    }
>;

const UPLOAD_NOT_FOUND = 'This upload was not found. Please upload the file again.';

/** The first problem as the sentence, all of them as details (the web shows each by its field). */
export function invalid(errors: FieldError[]): never {
  throw badRequest(errors[0]?.message ?? 'Please check the form.', errors);
}

/**
 * What every submission goes through, for every service: the definition's own validation, its
 * uploads (each the applicant's own), its reference-list choices (by list name), then the rules
 * its area adds (`addValidator`). Also what an answer to a request for information goes through.
 */
export function createSubmissionChecks(deps: {
  uploads: Pick<UploadService, 'findOwned'>;
  /** The reference lists' choices: a list field's value must be one the form offered. */
  choices: ReferenceChoices;
}) {
  const validators = new Map<string, AreaValidator[]>();

  /**
   * A payload checked as a submission is: by the definition, then its uploads (each must be the
   * applicant's own), then the area's own rules. Answers the validated values or throws a 400.
   */
  async function checkValues(
    service: ServiceDefinition,
    userId: string,
    payload: unknown,
  ): Promise<{
    values: Record<string, unknown>;
    labels: Record<string, string>;
    labelsSw: Record<string, string>;
    obligation?: string;
  }> {
    const result = validateApplication(service, payload);
    if (!result.success) invalid(result.errors);
    const values = result.values;
    const fileFields = fileFieldsOf(service).filter((f) => typeof values[f] === 'string');
    const owned = new Set(
      (
        await deps.uploads.findOwned(
          userId,
          fileFields.map((f) => values[f] as string),
        )
      ).map((u) => u.id),
    );
    const uploadErrors = fileFields
      .filter((f) => !owned.has(values[f] as string))
      .map((f) => ({ path: f, message: UPLOAD_NOT_FOUND }));
    if (uploadErrors.length > 0) invalid(uploadErrors);
    // The list choices, read once: wrong ones refused; the rest kept in words as chosen
    // ("Westlands (274)"), which is what the application's document prints.
    const choices = await deps.choices.read(service, values);
    if (choices.errors.length > 0) invalid(choices.errors);
    const answers = await Promise.all(
      (validators.get(service.area) ?? []).map((v) => v({ userId, service, values })),
    );
    const areaErrors = answers.flatMap((a) => (Array.isArray(a) ? a : a.errors));
    if (areaErrors.length > 0) invalid(areaErrors);
    // Only what the definition declares as derived is kept: an area cannot overwrite an answer.
    const declared = new Set((service.derived ?? []).map((d) => d.name));
    const derived = Object.fromEntries(
      answers
        .flatMap((a) => (Array.isArray(a) ? [] : Object.entries(a.derived ?? {})))
        .filter(([name]) => declared.has(name)),
    );
    const obligation = answers.map((a) => (Array.isArray(a) ? undefined : a.obligation)).find(Boolean);
    return {
      values: { ...values, ...derived },
      labels: choices.labels,
      labelsSw: choices.labelsSw,
      ...(obligation ? { obligation } : {}),
    };
  }

  return {
    /** An area's own rules, run after the catalogue's (e.g. land: the parcel exists). */
    addValidator(area: string, validator: AreaValidator): void {
      validators.set(area, [...(validators.get(area) ?? []), validator]);
    },
    checkValues,
  };
}
export type SubmissionChecks = ReturnType<typeof createSubmissionChecks>;
