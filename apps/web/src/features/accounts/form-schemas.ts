import {
  changePasswordRequestSchema,
  passwordResetRequestSchema,
  passwordSchema,
  signupRequestSchema,
} from '@kaunti/contract/api-accounts';
import { phoneSchema } from '@kaunti/contract/phone';
import { z } from 'zod';

/** Typed twice so a slip of the finger does not lock the user out (web forms only). */
export const PASSWORD_MISMATCH_MESSAGE = 'The passwords do not match';
export const PASSWORD_CONFIRM_REQUIRED_MESSAGE = 'Please type the password again';

/** The form's schema with `confirm_password`, which must repeat the new password `field`. */
function withConfirmation<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  field: keyof Shape & string,
) {
  return schema.extend({ confirm_password: z.string().min(1, PASSWORD_CONFIRM_REQUIRED_MESSAGE) }).refine(
    (value) => {
      // The shape is generic here; the two fields are strings in every form that uses this.
      const values = value as Record<string, unknown>;
      return values.confirm_password === '' || values[field] === values.confirm_password;
    },
    {
      path: ['confirm_password'],
      message: PASSWORD_MISMATCH_MESSAGE,
    },
  );
}

export const signupFormSchema = withConfirmation(signupRequestSchema, 'password');
export type SignupFormInput = z.input<typeof signupFormSchema>;
export type SignupFormOutput = z.output<typeof signupFormSchema>;

export const resetFormSchema = withConfirmation(
  passwordResetRequestSchema.omit({ username: true }),
  'password',
);
export type ResetFormInput = z.input<typeof resetFormSchema>;
export type ResetFormOutput = z.output<typeof resetFormSchema>;

export const changePasswordFormSchema = withConfirmation(changePasswordRequestSchema, 'new_password');
export type ChangePasswordFormInput = z.input<typeof changePasswordFormSchema>;
export type ChangePasswordFormOutput = z.output<typeof changePasswordFormSchema>;

/** Change phone, step 1: the new number and the current password. */
export const changePhoneStartSchema = z.object({
  phone_number: phoneSchema,
  password: passwordSchema,
});
export type ChangePhoneStartInput = z.input<typeof changePhoneStartSchema>;
export type ChangePhoneStartOutput = z.output<typeof changePhoneStartSchema>;
