import { changePasswordRequestSchema } from '@kaunti/contract/api-accounts';
import { officerSchema } from '@kaunti/contract/api-staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccountServices } from '../accounts/accounts';
import { currentUser } from '../accounts/guard';
import { currentOfficer, type OfficerService } from './officer-service';

/** The signed-in officer's own account: who they are, and setting their own password. */
export function ownAccountRoutes(deps: {
  officers: OfficerService;
  accounts: AccountServices;
}): FastifyPluginAsyncZod {
  const { officers } = deps;
  return async (app) => {
    const tags = ['staff'];

    app.get(
      '/api/staff/me',
      {
        onRequest: officers.requireOfficer,
        schema: {
          operationId: 'getCurrentOfficer',
          tags,
          summary: 'The signed-in officer: roles, areas, permissions',
          description:
            'What the back office shows depends on this. `must_set_password` is true until the officer has ' +
            'replaced the start password an administrator gave (POST /api/staff/password); until then every ' +
            'other back-office route answers 403.',
          response: { 200: officerSchema.extend({ must_set_password: z.boolean() }) },
        },
      },
      async (request) => {
        const officer = currentOfficer(request);
        const [me] = await officers.list(officer.userId);
        return { ...me!, must_set_password: officer.mustSetPassword };
      },
    );

    app.post(
      '/api/staff/password',
      {
        onRequest: officers.requireOfficer,
        schema: {
          operationId: 'changeOfficerPassword',
          tags,
          summary: 'An officer sets their own password (first of all, after an administrator created them)',
          description:
            'Checks the current (start) password, sets the new one, ends every other session of the officer, ' +
            'and opens the back office.',
          body: changePasswordRequestSchema,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const result = await deps.accounts.profile.changePassword(
          user.id,
          user.sessionId,
          request.body.current_password,
          request.body.new_password,
          { requestId: request.id, ip: request.ip, userAgent: request.headers['user-agent'] },
        );
        await officers.passwordSet(user.id);
        return { message: result.message };
      },
    );
  };
}
