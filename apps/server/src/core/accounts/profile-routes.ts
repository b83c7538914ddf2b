import {
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  changePhoneRequestSchema,
  changePhoneResponseSchema,
  languageUpdateRequestSchema,
  languageUpdateResponseSchema,
  profileResponseSchema,
  profileUpdateRequestSchema,
  profileUpdateResponseSchema,
  psvActivationResponseSchema,
} from '@kaunti/contract/api-accounts';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AccountsRoutesOptions, accountRouteKit, errors } from './account-route-kit';
import { currentUser } from './guard';

/** The signed-in account's profile: read, edit, its language, phone and password, PSV activation. */
export function profileRoutes(options: AccountsRoutesOptions): FastifyPluginAsyncZod {
  const { profile, guards } = options;
  const { context } = accountRouteKit(options);
  return async (app) => {
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
