import { z } from 'zod';
import { guessIdentifierType, identifierTypeSchema, normaliseIdentifier } from './identifier';
import { newPasswordSchema } from './password';
import { PHOTO_FORMAT_MESSAGE } from './upload-rules';

export { identifierTypeOf, normaliseIdentifier } from './identifier';
export { PHOTO_FORMAT_MESSAGE } from './upload-rules';

import { isValidPhone, normalisePhone, PHONE_FORMAT_MESSAGE, PHONE_PATTERN, phoneSchema } from './phone';

/**
 * The accounts API: sign-up, sign-in with a one-time code (OTP), password recovery, the profile.
 * The same schemas validate the web forms (in the browser) and the requests (on the server), so
 * a message the user sees beside a field is the one the server would answer. Messages are
 * English; the web app translates them (locales/sw/messages.json).
 */

// ---------------------------------------------------------------- messages

export const FIRST_NAME_REQUIRED_MESSAGE = 'Please enter your first name';
export const SUR_NAME_REQUIRED_MESSAGE = 'Please enter your surname';
export const NAME_TOO_LONG_MESSAGE = 'A name can have at most 50 characters';
export const IDENTIFIER_REQUIRED_MESSAGE =
  'Please enter your ID number, passport number, BRS number or KRA PIN';
export const KRA_PIN_FORMAT_MESSAGE =
  'A KRA PIN has 11 characters: A or P, 9 digits and a letter, e.g. A004416331M';
export const BRS_NUMBER_FORMAT_MESSAGE =
  'A business registration number has letters, digits and - / . only, e.g. CPR/2019/12345';
export const EMAIL_REQUIRED_MESSAGE = 'Please enter your e-mail address';
export const EMAIL_FORMAT_MESSAGE = 'Please enter a valid e-mail address, e.g. name@example.com';
export const USERNAME_REQUIRED_MESSAGE = 'Please enter your phone number or ID number';
export const PASSWORD_REQUIRED_MESSAGE = 'Please enter your password';
export const OTP_FORMAT_MESSAGE = 'The code is the 6 digits we sent you by SMS';

// ---------------------------------------------------------------- fields

/** A person's name: trimmed, 1 to 50 characters. */
const name = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).trim().min(1, requiredMessage).max(50, NAME_TOO_LONG_MESSAGE);

/** An optional name: empty or missing becomes null. */
const optionalName = z
  .string()
  .trim()
  .max(50, NAME_TOO_LONG_MESSAGE)
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

const KRA_PIN = /^[AP]\d{9}[A-Z]$/;
const BRS_NUMBER = /^[A-Z0-9][A-Z0-9/.\- ]{1,39}$/;

/**
 * A national ID, passport, BRS number or KRA PIN. Output: trimmed and upper case. Its type is
 * guessed by the spec's rule; a value guessed to be a KRA PIN must look like one
 * (`^[AP]\d{9}[A-Z]$`) and a BRS number is checked loosely (they vary: CPR/2019/12345, C.12345,
 * PVT-ABC123, BN-XYZ).
 */
export const identifierSchema = z
  .string({ error: IDENTIFIER_REQUIRED_MESSAGE })
  .transform(normaliseIdentifier)
  .pipe(z.string().min(1, IDENTIFIER_REQUIRED_MESSAGE).max(40, IDENTIFIER_REQUIRED_MESSAGE))
  .superRefine((value, ctx) => {
    const type = guessIdentifierType(value);
    if (type === 'pin_no' && !KRA_PIN.test(value))
      ctx.addIssue({ code: 'custom', message: KRA_PIN_FORMAT_MESSAGE });
    if (type === 'brs_no' && !BRS_NUMBER.test(value)) {
      ctx.addIssue({ code: 'custom', message: BRS_NUMBER_FORMAT_MESSAGE });
    }
  })
  .meta({
    minLength: 1,
    maxLength: 40,
    description:
      'A national ID (digits, e.g. 2345678), passport, BRS number (e.g. CPR/2019/12345) or KRA PIN ' +
      '(A or P, 9 digits, a letter: A004416331M); case and spaces around it do not matter.',
    examples: ['2345678', 'A004416331M'],
  });

/** An e-mail address, trimmed. */
export const emailSchema = z
  .string({ error: EMAIL_REQUIRED_MESSAGE })
  .trim()
  .min(1, EMAIL_REQUIRED_MESSAGE)
  .max(254, EMAIL_FORMAT_MESSAGE)
  .pipe(z.email({ error: EMAIL_FORMAT_MESSAGE }))
  .meta({ format: 'email', minLength: 1, maxLength: 254 });

/** An optional e-mail address: empty or missing becomes null. */
export const optionalEmailSchema = z
  .string()
  .trim()
  .max(254, EMAIL_FORMAT_MESSAGE)
  .refine((value) => value === '' || z.email().safeParse(value).success, EMAIL_FORMAT_MESSAGE)
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

/** An optional Kenyan mobile number: empty or missing becomes null, anything else the 254 form. */
export const optionalPhoneSchema = z
  .string()
  .trim()
  .refine((value) => value === '' || isValidPhone(value), PHONE_FORMAT_MESSAGE)
  .transform((value) => (value === '' ? null : normalisePhone(value)))
  .meta({ pattern: `^$|${PHONE_PATTERN}` })
  .nullable()
  .optional();

/** A one-time code: 6 digits (spaces people type between them are ignored). */
export const otpSchema = z
  .string({ error: OTP_FORMAT_MESSAGE })
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, OTP_FORMAT_MESSAGE))
  .meta({ pattern: '^(?:\\s*\\d){6}\\s*$', description: 'The 6 digits sent by SMS.', examples: ['482913'] });

/** A password being typed to sign in (not checked against the policy: old passwords still work). */
export const passwordSchema = z
  .string({ error: PASSWORD_REQUIRED_MESSAGE })
  .min(1, PASSWORD_REQUIRED_MESSAGE)
  .max(1024, PASSWORD_REQUIRED_MESSAGE);

/** The phone number (any accepted form) or the identifier a user signs in with. */
export const usernameSchema = z
  .string({ error: USERNAME_REQUIRED_MESSAGE })
  .trim()
  .min(1, USERNAME_REQUIRED_MESSAGE)
  .max(40, USERNAME_REQUIRED_MESSAGE);

/** The id of one of the user's uploads (POST /api/uploads), or null to remove the photo. */
export const photoSchema = z
  .uuid({ error: PHOTO_FORMAT_MESSAGE })
  .nullable()
  .describe("The id of one of the user's uploaded images (JPEG or PNG), or null for no photo.");

// ---------------------------------------------------------------- sign-up and sign-in

export const signupRequestSchema = z
  .object({
    first_name: name(FIRST_NAME_REQUIRED_MESSAGE),
    middle_name: optionalName,
    sur_name: name(SUR_NAME_REQUIRED_MESSAGE),
    identifier: identifierSchema.describe(
      "National ID, passport, BRS number or KRA PIN; its type is guessed by the spec's rule.",
    ),
    phone_number: phoneSchema.describe('Any accepted form; stored as 2547XXXXXXXX.'),
    email: emailSchema,
    password: newPasswordSchema.describe('At least 8 characters, not a common password.'),
  })
  .meta({ id: 'SignupRequest' })
  .meta({
    examples: [
      {
        first_name: 'Wanjiku',
        middle_name: 'Njeri',
        sur_name: 'Kamau',
        identifier: '2345678',
        phone_number: '0712345678',
        email: 'wanjiku.kamau@example.co.ke',
        password: 'Nairobi#Rates2026',
      },
    ],
  });
export type SignupRequest = z.input<typeof signupRequestSchema>;

export const loginRequestSchema = z
  .object({
    username: usernameSchema.describe('The phone number in any accepted form, or the identifier.'),
    password: passwordSchema,
  })
  .meta({ id: 'LoginRequest' })
  .meta({ examples: [{ username: '0712345678', password: 'Nairobi#Rates2026' }] });
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** The answer to a login (and to a sign-up, which signs the new user in). */
export const loginResponseSchema = z
  .object({
    token: z
      .string()
      .describe('A login token: only the OTP routes accept it until the code is verified. exp in seconds.'),
    mobile_number: z.string().describe('The phone the code was sent to, 254 form.'),
    first_time_login: z.boolean().describe('True until the first successful OTP verification.'),
    otp_sent: z.boolean().describe('True when the SMS with the code went out.'),
  })
  .meta({ id: 'LoginResponse' });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const signupResponseSchema = loginResponseSchema
  .extend({
    customer_no: z.string().describe('The county customer number, e.g. NCC-0001001.'),
    identifier_type: identifierTypeSchema,
  })
  .meta({ id: 'SignupResponse' });
export type SignupResponse = z.infer<typeof signupResponseSchema>;

export const otpSendResponseSchema = z
  .object({
    message: z.string(),
    mobile_number: z.string(),
    otp_sent: z.boolean(),
  })
  .meta({ id: 'OtpSendResponse' });
export type OtpSendResponse = z.infer<typeof otpSendResponseSchema>;

export const otpVerifyRequestSchema = z
  .object({ otp: otpSchema })
  .meta({ id: 'OtpVerifyRequest' })
  .meta({ examples: [{ otp: '482913' }] });
export type OtpVerifyRequest = z.input<typeof otpVerifyRequestSchema>;

// ---------------------------------------------------------------- the profile

/** The signed-in user, as GET /api/profile answers it in `data`. */
/** The languages an account's messages are written in. */
export const accountLanguageSchema = z
  .enum(['en', 'sw'])
  .describe(
    "The language of the account's SMS: English or Kiswahili. Set at sign-up from the page's language (Accept-Language), then by PUT /api/profile/language.",
  );
export type AccountLanguage = z.infer<typeof accountLanguageSchema>;

/** PUT /api/profile/language: the language the signed-in user switched to. */
export const languageUpdateRequestSchema = z
  .object({ language: accountLanguageSchema })
  .meta({ id: 'LanguageUpdateRequest' })
  .meta({ examples: [{ language: 'sw' }] });
export type LanguageUpdateRequest = z.input<typeof languageUpdateRequestSchema>;

export const languageUpdateResponseSchema = z
  .object({ language: accountLanguageSchema })
  .meta({ id: 'LanguageUpdateResponse' });
export type LanguageUpdateResponse = z.infer<typeof languageUpdateResponseSchema>;

export const profileUserSchema = z
  .object({
    id: z.uuid(),
    customer_no: z.string(),
    first_name: z.string(),
    middle_name: z.string().nullable(),
    sur_name: z.string(),
    full_name: z.string(),
    identifier: z.string(),
    identifier_type: identifierTypeSchema,
    phone_number: z.string().describe('254 form.'),
    email: z.string(),
    mobile_number_2nd: z.string().nullable(),
    secondary_email: z.string().nullable(),
    photo: z.string().nullable(),
    psv: z.boolean().describe('Set by PSV activation.'),
    first_time_login: z.boolean(),
    language: accountLanguageSchema,
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'ProfileUser' });
export type ProfileUser = z.infer<typeof profileUserSchema>;

export const otpVerifyResponseSchema = z
  .object({
    token: z.string().describe('A session token for the protected API. exp in seconds.'),
    data: profileUserSchema,
  })
  .meta({ id: 'OtpVerifyResponse' });
export type OtpVerifyResponse = z.infer<typeof otpVerifyResponseSchema>;

/**
 * The user's summary in the county revenue system. There is no separate ERP behind this portal:
 * the portal's customer record is the county's, so this is the customer number, the KRA PIN when
 * the user registered with one, and the registration date.
 */
export const erpDataSchema = z
  .object({
    customer_no: z.string(),
    customer_name: z.string(),
    identifier: z.string(),
    identifier_type: identifierTypeSchema,
    kra_pin: z.string().nullable(),
    registered_at: z.iso.datetime(),
  })
  .meta({ id: 'ErpData' });
export type ErpData = z.infer<typeof erpDataSchema>;

export const profileResponseSchema = z
  .object({ data: profileUserSchema, erp_data: erpDataSchema })
  .meta({ id: 'ProfileResponse' });
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

/**
 * PUT /api/profile. The identifier is the customer's identity and cannot change here; the phone
 * changes through /api/profile/change-phone (a code to the new number). `photo` left out keeps
 * the current photo.
 */
export const profileUpdateRequestSchema = z
  .object({
    first_name: name(FIRST_NAME_REQUIRED_MESSAGE),
    middle_name: optionalName,
    sur_name: name(SUR_NAME_REQUIRED_MESSAGE),
    email: emailSchema,
    mobile_number_2nd: optionalPhoneSchema,
    secondary_email: optionalEmailSchema,
    photo: photoSchema.optional(),
  })
  .meta({ id: 'ProfileUpdateRequest' })
  .meta({
    examples: [
      {
        first_name: 'Wanjiku',
        middle_name: 'Njeri',
        sur_name: 'Kamau',
        email: 'wanjiku.kamau@example.co.ke',
        mobile_number_2nd: '0722000111',
        secondary_email: 'wanjiku@example.com',
      },
    ],
  });
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequestSchema>;

export const profileUpdateResponseSchema = z
  .object({ message: z.string(), data: profileUserSchema })
  .meta({ id: 'ProfileUpdateResponse' });
export type ProfileUpdateResponse = z.infer<typeof profileUpdateResponseSchema>;

/**
 * POST /api/profile/change-phone, in two calls: first `phone_number` with the current `password`
 * (a code goes to the new number), then `phone_number` with that `otp` (the number changes).
 */
export const changePhoneRequestSchema = z
  .object({
    phone_number: phoneSchema,
    password: z.string().max(1024).optional().describe('Step 1: the current password.'),
    otp: otpSchema.optional().describe('Step 2: the code sent to the new number.'),
  })
  .superRefine((value, ctx) => {
    if (value.otp === undefined && !value.password) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_REQUIRED_MESSAGE });
    }
  })
  .meta({ id: 'ChangePhoneRequest' })
  .meta({ examples: [{ phone_number: '0733555777', password: 'Nairobi#Rates2026' }] });
export type ChangePhoneRequest = z.input<typeof changePhoneRequestSchema>;

export const changePhoneResponseSchema = z
  .object({
    message: z.string(),
    changed: z.boolean().describe('False after step 1 (code sent), true after step 2.'),
    mobile_number: z.string().describe('The new number, 254 form.'),
    otp_sent: z.boolean(),
    data: profileUserSchema.optional().describe('The updated user, after step 2.'),
  })
  .meta({ id: 'ChangePhoneResponse' });
export type ChangePhoneResponse = z.infer<typeof changePhoneResponseSchema>;

export const changePasswordRequestSchema = z
  .object({
    current_password: passwordSchema,
    new_password: newPasswordSchema,
  })
  .meta({ id: 'ChangePasswordRequest' })
  .meta({ examples: [{ current_password: 'Nairobi#Rates2026', new_password: 'Kilimani#Plot2026' }] });
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

export const changePasswordResponseSchema = z
  .object({
    message: z.string(),
    signed_out_sessions: z.number().int().describe('How many other sessions were ended.'),
  })
  .meta({ id: 'ChangePasswordResponse' });

export const psvActivationResponseSchema = z
  .object({ message: z.string(), data: profileUserSchema })
  .meta({ id: 'PsvActivationResponse' });

// ---------------------------------------------------------------- password recovery

export const passwordForgotRequestSchema = z
  .object({ username: usernameSchema })
  .meta({ id: 'PasswordForgotRequest' })
  .meta({ examples: [{ username: '0712345678' }] });
export type PasswordForgotRequest = z.input<typeof passwordForgotRequestSchema>;

export const passwordForgotResponseSchema = z
  .object({
    message: z.string(),
    otp_sent: z.boolean(),
    masked_phone: z
      .string()
      .nullable()
      .describe(
        'Always null: the answer is the same whether or not an account exists, so no phone is shown.',
      ),
  })
  .meta({ id: 'PasswordForgotResponse' });
export type PasswordForgotResponse = z.infer<typeof passwordForgotResponseSchema>;

export const passwordResetRequestSchema = z
  .object({ username: usernameSchema, otp: otpSchema, password: newPasswordSchema })
  .meta({ id: 'PasswordResetRequest' })
  .meta({ examples: [{ username: '0712345678', otp: '482913', password: 'Kilimani#Plot2026' }] });
export type PasswordResetRequest = z.input<typeof passwordResetRequestSchema>;

// ---------------------------------------------------------------- other

export const messageResponseSchema = z.object({ message: z.string() }).meta({ id: 'MessageResponse' });

export const customerCheckQuerySchema = z.object({
  identifier: z.string().trim().min(1, IDENTIFIER_REQUIRED_MESSAGE).max(40, IDENTIFIER_REQUIRED_MESSAGE),
});

export const customerCheckResponseSchema = z
  .object({
    data: z
      .object({
        customer_no: z.string().nullable(),
        name: z.string().describe('Masked: J*** K****.'),
        identifier_type: identifierTypeSchema,
        masked_phone: z.string().nullable(),
      })
      .nullable()
      .describe('A masked summary of the customer, or null when nobody is known by this identifier.'),
    has_account: z.boolean().describe('A portal account exists for this identifier.'),
    erp_account: z.boolean().describe("The county's revenue records know this customer."),
  })
  .meta({ id: 'CustomerCheck' });
export type CustomerCheck = z.infer<typeof customerCheckResponseSchema>;

export const authConfigResponseSchema = z
  .object({
    sms_outbox: z.boolean().describe('True when codes go to the development SMS outbox instead of phones.'),
  })
  .meta({ id: 'AuthConfig' });
export type AuthConfig = z.infer<typeof authConfigResponseSchema>;

export const smsOutboxResponseSchema = z
  .object({
    data: z.array(
      z.object({
        id: z.number().int(),
        phone_number: z.string(),
        message: z.string(),
        created_at: z.iso.datetime(),
      }),
    ),
  })
  .meta({ id: 'SmsOutbox' });
export type SmsOutboxResponse = z.infer<typeof smsOutboxResponseSchema>;
