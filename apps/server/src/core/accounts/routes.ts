import {
  authConfigResponseSchema,
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  changePhoneRequestSchema,
  changePhoneResponseSchema,
  customerCheckQuerySchema,
  customerCheckResponseSchema,
  languageUpdateRequestSchema,
  languageUpdateResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  messageResponseSchema,
  otpSendResponseSchema,
  otpVerifyRequestSchema,
  otpVerifyResponseSchema,
  passwordForgotRequestSchema,
  passwordForgotResponseSchema,
  passwordResetRequestSchema,
  profileResponseSchema,
  profileUpdateRequestSchema,
  profileUpdateResponseSchema,
  psvActivationResponseSchema,
  signupRequestSchema,
  signupResponseSchema,
} from '@kaunti/contract/api-accounts';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerLanguageOf } from '../../platform/http/accept-language';
import type { AuthService, RequestContext } from './auth-service';
import { currentUser, type Guards } from './guard';
import type { ProfileService } from './profile-service';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export interface AccountsRoutesOptions {
  auth: AuthService;
  profile: ProfileService;
  guards: Guards;
  /** True when codes go to the development SMS outbox (GET /api/auth/config tells the web app). */
  smsOutbox: boolean;
  /**
   * Outside production, requests from the machine itself (a developer's browser, the browser
   * tests) are not counted per address; per-account and per-phone limits still apply.
   */
  exemptLoopback: boolean;
  /**
   * The back office's door (`POST /api/staff/login`): refuses (403) an account that is not an
   * active county officer once its password is right (core/staff, wired in app.ts).
   */
  admitToBackOffice: (userId: string) => Promise<void>;
}

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};

/** Sign-up, sign-in with a one-time code, logout, password recovery, the profile, the customer check. */
export function accountsRoutes(options: AccountsRoutesOptions): FastifyPluginAsyncZod {
  const { auth, profile, guards } = options;
  const exempt = (request: FastifyRequest) => options.exemptLoopback && LOOPBACK.has(request.ip);
  const context = (request: FastifyRequest): RequestContext => ({
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 300),
    requestId: request.id,
    limitedIp: exempt(request) ? undefined : request.ip,
  });
  /** A per-address limit of the rate-limit plugin (Redis-backed when REDIS_URL is set). */
  const perIp = (max: number, timeWindow: string) => ({
    rateLimit: { max, timeWindow, allowList: (request: FastifyRequest) => exempt(request) },
  });

  return async (app) => {
    app.get(
      '/api/auth/config',
      {
        schema: {
          operationId: 'getAuthConfig',
          tags: ['accounts'],
          summary: 'What the sign-in screens need to know (whether codes go to the development outbox)',
          description:
            'What the sign-in screens need to know before anyone signs in, such as whether one-time codes go to the development outbox instead of by SMS.',
          response: { 200: authConfigResponseSchema },
        },
      },
      async () => ({ sms_outbox: options.smsOutbox }),
    );

    app.post(
      '/api/auth/signup',
      {
        config: perIp(20, '1 hour'),
        schema: {
          operationId: 'signUp',
          tags: ['accounts'],
          summary: 'Create an account; signs the new user in and sends a one-time code',
          description:
            "The identifier's type is guessed by the spec's rule and stored. A phone or identifier " +
            "already registered is a 409 that names neither (it confirms no one's registration). Limited to 20 sign-ups per address per hour. " +
            "The account's SMS are written in the page's language, its Accept-Language (English or Kiswahili; English otherwise).",
          body: signupRequestSchema,
          response: { 201: signupResponseSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await auth.signup(
              request.body,
              context(request),
              answerLanguageOf(request.headers['accept-language']),
            ),
          ),
    );

    app.post(
      '/api/auth/login',
      {
        schema: {
          operationId: 'signIn',
          tags: ['accounts'],
          summary: 'Check the password and send a one-time code',
          description:
            'username is the phone number (any accepted form) or the identifier. The token only opens ' +
            'the OTP routes. 5 wrong passwords lock the account for 15 minutes; 30 from one address ' +
            'block the address for 15 minutes ("Please try again in N minutes.").',
          body: loginRequestSchema,
          response: { 200: loginResponseSchema, ...errors },
        },
      },
      async (request) => auth.login(request.body.username, request.body.password, context(request)),
    );

    app.post(
      '/api/staff/login',
      {
        schema: {
          operationId: 'signInOfficer',
          tags: ['staff'],
          summary: "The county officers' sign-in: an active officer's password, then the SMS code",
          description:
            'As `POST /api/auth/login` (the same limits, the same code step), for the back office: an ' +
            'account that is not an active county officer — a deactivated officer, a citizen — is refused ' +
            'with a 403 once its password is right, before any code is sent or session opened. A deactivated ' +
            'officer keeps their citizen account and signs in at `POST /api/auth/login`.',
          body: loginRequestSchema,
          response: { 200: loginResponseSchema, ...errors, 403: errorBodySchema },
        },
      },
      async (request) =>
        auth.login(request.body.username, request.body.password, context(request), options.admitToBackOffice),
    );

    app.post(
      '/api/auth/otp/send',
      {
        onRequest: guards.requireLoginToken,
        schema: {
          operationId: 'sendOtp',
          tags: ['accounts'],
          summary: 'Send a new login code (Bearer: the login token)',
          description: 'At most 5 codes per phone and 20 re-sends per address per 30 minutes.',
          security: [{ bearer: [] }],
          response: { 200: otpSendResponseSchema, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        return auth.resendLoginCode(user.id, user.sessionId, context(request));
      },
    );

    app.post(
      '/api/auth/otp/verify',
      {
        onRequest: guards.requireLoginToken,
        config: perIp(60, '15 minutes'),
        schema: {
          operationId: 'verifyOtp',
          tags: ['accounts'],
          summary: 'Verify the login code (Bearer: the login token); answers a token for the protected API',
          description: 'A code is valid 10 minutes, once; the 5th wrong try voids it.',
          security: [{ bearer: [] }],
          body: otpVerifyRequestSchema,
          response: { 200: otpVerifyResponseSchema, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        return auth.verifyLoginCode(user.id, user.sessionId, request.body.otp, context(request));
      },
    );

    app.post(
      '/api/auth/logout',
      {
        onRequest: guards.requireSession,
        schema: {
          operationId: 'signOut',
          tags: ['accounts'],
          summary: 'End the session now (its token stops working at once)',
          description:
            "Ends the caller's session at once: its token stops opening anything, on every device that holds it.",
          security: [{ bearer: [] }],
          response: { 200: messageResponseSchema, 401: errorBodySchema },
        },
      },
      async (request) => {
        const user = currentUser(request);
        await auth.logout(user.id, user.sessionId, request.id);
        return { message: 'You have been logged out.' };
      },
    );

    app.post(
      '/api/auth/password/forgot',
      {
        config: perIp(10, '15 minutes'),
        schema: {
          operationId: 'requestPasswordReset',
          tags: ['accounts'],
          summary: 'Send a password reset code to the phone of the account',
          description:
            'Sends a reset code by SMS to the phone of the account named by phone number or ID number. The answer is the same whether or not such an account exists.',
          body: passwordForgotRequestSchema,
          response: { 200: passwordForgotResponseSchema, ...errors },
        },
      },
      async (request) => auth.forgotPassword(request.body.username, context(request)),
    );

    app.post(
      '/api/auth/password/reset',
      {
        config: perIp(30, '15 minutes'),
        schema: {
          operationId: 'resetPassword',
          tags: ['accounts'],
          summary: 'Set a new password with the reset code; ends every session of the account',
          description:
            'Sets a new password with the code sent by `password/forgot`. The code is single use; every session of the account ends.',
          body: passwordResetRequestSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { username, otp, password } = request.body;
        await auth.resetPassword(username, otp, password, context(request));
        return { message: 'Your password has been reset. Please login with your new password.' };
      },
    );

    app.get(
      '/api/customers/check',
      {
        config: perIp(30, '1 minute'),
        schema: {
          operationId: 'checkCustomer',
          tags: ['accounts'],
          summary: 'The public customer check: answers nothing that identifies a person',
          description:
            'Public, so it never says whether an ID number or KRA PIN has an account or a county record: ' +
            'the answer is always `{ data: null, has_account: false, erp_account: false }` once the identifier is ' +
            'well formed (400 otherwise). County staff get the full answer from /api/staff/customers/check. ' +
            'Limited to 30 checks per address per minute.',
          querystring: customerCheckQuerySchema,
          response: { 200: customerCheckResponseSchema, 400: errorBodySchema, 429: errorBodySchema },
        },
      },
      async () => ({ data: null, has_account: false, erp_account: false }),
    );

    app.get(
      '/api/staff/customers/check',
      {
        onRequest: guards.can('customers.check'),
        // Whom an officer looked up is in the audit log (core/staff/audited-routes.ts), never in a log line.
        config: {
          audit: {
            entityType: 'customer',
            entityId: (request) =>
              String((request.query as { identifier?: string }).identifier ?? '').toUpperCase(),
            answered: 'customer.checked',
          },
        },
        schema: {
          operationId: 'checkCustomerAsOfficer',
          tags: ['staff'],
          summary: 'Whether a customer has a portal account and a county record (county staff)',
          description: 'data is a masked summary (customer number, name, phone) or null.',
          security: [{ bearer: [] }],
          querystring: customerCheckQuerySchema,
          response: {
            200: customerCheckResponseSchema,
            400: errorBodySchema,
            401: errorBodySchema,
            403: errorBodySchema,
          },
        },
      },
      async (request) => profile.checkCustomer(request.query.identifier),
    );

    app.get(
      '/api/profile',
      {
        onRequest: guards.requireUser,
        schema: {
          operationId: 'getProfile',
          tags: ['profile'],
          summary: "The signed-in user's profile and county revenue summary",
          description:
            "The signed-in citizen's profile (names, phones, e-mails, ID, KRA PIN, photo) and a summary of what they owe the county.",
          security: [{ bearer: [] }],
          response: { 200: profileResponseSchema, 401: errorBodySchema },
        },
      },
      async (request) => profile.get(currentUser(request).id),
    );

    app.put(
      '/api/profile',
      {
        onRequest: guards.requireUser,
        schema: {
          operationId: 'updateProfile',
          tags: ['profile'],
          summary: "Update the signed-in user's names, e-mail, second phone and e-mail, and photo",
          description:
            'Updates the names, e-mail, second phone and e-mail, and photo (an upload id). The phone number and ID number change only through their own routes.',
          security: [{ bearer: [] }],
          body: profileUpdateRequestSchema,
          response: { 200: profileUpdateResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: 'Profile updated successfully.',
        data: await profile.update(currentUser(request).id, request.body, context(request)),
      }),
    );

    app.put(
      '/api/profile/language',
      {
        onRequest: guards.requireUser,
        schema: {
          operationId: 'setLanguage',
          tags: ['profile'],
          summary: "Set the language of the signed-in user's SMS",
          description:
            "The web sends it when a signed-in user switches the page's language: the status SMS (payment received, approved, issued) are then written in it.",
          security: [{ bearer: [] }],
          body: languageUpdateRequestSchema,
          response: { 200: languageUpdateResponseSchema, ...errors },
        },
      },
      async (request) =>
        profile.setLanguage(currentUser(request).id, request.body.language, context(request)),
    );

    app.post(
      '/api/profile/change-phone',
      {
        onRequest: guards.requireUser,
        schema: {
          operationId: 'changePhone',
          tags: ['profile'],
          summary: 'Change the phone number: a code to the new number, then the code',
          description:
            'Step 1: { phone_number, password } sends a code to the new number. Step 2: { phone_number, otp } changes it.',
          security: [{ bearer: [] }],
          body: changePhoneRequestSchema,
          response: { 200: changePhoneResponseSchema, ...errors },
        },
      },
      async (request) => profile.changePhone(currentUser(request).id, request.body, context(request)),
    );

    app.post(
      '/api/profile/change-password',
      {
        onRequest: guards.requireUser,
        schema: {
          operationId: 'changePassword',
          tags: ['profile'],
          summary: 'Change the password; every other session of the user ends at once',
          description:
            'Changes the password after checking the current one. Every other session of the user ends at once; this one stays.',
          security: [{ bearer: [] }],
          body: changePasswordRequestSchema,
          response: { 200: changePasswordResponseSchema, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const { current_password, new_password } = request.body;
        return profile.changePassword(
          user.id,
          user.sessionId,
          current_password,
          new_password,
          context(request),
        );
      },
    );

    app.post(
      '/api/profile/psv-activation',
      {
        onRequest: guards.requireUser,
        schema: {
          operationId: 'requestPsvActivation',
          tags: ['profile'],
          summary: 'Activate PSV (public service vehicle) services for the account: sets psv',
          description:
            'Turns on public service vehicle (PSV) services for the account, so its parking and transport menus show PSV options.',
          security: [{ bearer: [] }],
          response: { 200: psvActivationResponseSchema, 401: errorBodySchema },
        },
      },
      async (request) => ({
        message: 'PSV activated successfully.',
        data: await profile.activatePsv(currentUser(request).id, context(request)),
      }),
    );
  };
}
