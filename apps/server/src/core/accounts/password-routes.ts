import {
  messageResponseSchema,
  passwordForgotRequestSchema,
  passwordForgotResponseSchema,
  passwordResetRequestSchema,
} from '@kaunti/contract/api-accounts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AccountsRoutesOptions, accountRouteKit, errors } from './account-route-kit';

/** Password recovery: a code to reset it, and the reset. */
export function passwordRoutes(options: AccountsRoutesOptions): FastifyPluginAsyncZod {
  const { auth } = options;
  const { context, perIp } = accountRouteKit(options);
  return async (app) => {
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
  };
}
