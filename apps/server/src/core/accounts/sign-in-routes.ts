import {
  authConfigResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  messageResponseSchema,
  otpSendResponseSchema,
  otpVerifyRequestSchema,
  otpVerifyResponseSchema,
  signupRequestSchema,
  signupResponseSchema,
} from '@kaunti/contract/api-accounts';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerLanguageOf } from '../../platform/http/accept-language';
import { type AccountsRoutesOptions, accountRouteKit, errors } from './account-route-kit';
import { currentUser } from './guard';

/** What the web app is told, sign-up, sign-in (the citizen's and the back office's), one-time codes and logout. */
export function signInRoutes(options: AccountsRoutesOptions): FastifyPluginAsyncZod {
  const { auth, guards } = options;
  const { context, perIp } = accountRouteKit(options);
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
  };
}
