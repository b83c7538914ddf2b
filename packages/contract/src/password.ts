import { z } from 'zod';
import { NEW_PASSWORD_MAX_LENGTH, NEW_PASSWORD_MIN_LENGTH, newPasswordProblem } from './password-rules';

export * from './password-rules';

/** A zod schema for a new password: a string that passes {@link newPasswordProblem}. */
export const newPasswordSchema = z
  .string()
  .superRefine((password, ctx) => {
    const problem = newPasswordProblem(password);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  })
  .meta({
    minLength: NEW_PASSWORD_MIN_LENGTH,
    maxLength: NEW_PASSWORD_MAX_LENGTH,
    description: `${NEW_PASSWORD_MIN_LENGTH} to ${NEW_PASSWORD_MAX_LENGTH} characters, and not a common password.`,
  });
