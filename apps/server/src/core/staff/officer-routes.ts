import { OFFICER_AREAS, officerRoleSchema, officerSchema } from '@kaunti/contract/api-staff';
import { errorBodySchema } from '@kaunti/contract/errors';
import { newPasswordSchema } from '@kaunti/contract/password';
import { phoneSchema } from '@kaunti/contract/phone';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, type Guards } from '../accounts/guard';
import type { OfficerService } from './officer-service';

const createOfficerSchema = z
  .object({
    first_name: z.string().trim().min(1, 'Please enter the first name').max(50),
    sur_name: z.string().trim().min(1, 'Please enter the surname').max(50),
    phone_number: phoneSchema,
    identifier: z.string().trim().toUpperCase().min(4, 'Please enter the national ID number').max(20),
    email: z.email('Please enter a valid e-mail address'),
    staff_no: z.string().trim().max(20).optional(),
    roles: z.array(officerRoleSchema).min(1, 'Choose at least one role'),
    areas: z.array(z.enum(OFFICER_AREAS)).min(1, 'Choose at least one service area'),
    start_password: newPasswordSchema,
  })
  .meta({ id: 'CreateOfficer' })
  .meta({
    examples: [
      {
        first_name: 'Njeri',
        sur_name: 'Wambui',
        phone_number: '0700000121',
        identifier: '30000121',
        email: 'njeri.wambui@nairobi.go.ke',
        staff_no: 'NCC/0121',
        roles: ['reviewer'],
        areas: ['land'],
        start_password: 'Start#Kaunti2026',
      },
    ],
  });

const updateOfficerSchema = z
  .object({
    roles: z.array(officerRoleSchema).min(1).optional(),
    areas: z.array(z.enum(OFFICER_AREAS)).min(1).optional(),
    active: z.boolean().optional(),
  })
  .meta({ id: 'UpdateOfficer' })
  .meta({ examples: [{ active: false }] });

/**
 * The back office's routes. Every one is guarded by a permission of the officer's roles
 * (contract/api-staff.ts), and everything about an application also by the officer's areas.

/** The officers screen (administrators): officer accounts listed, created and changed. */
export function officerRoutes(deps: { guards: Guards; officers: OfficerService }): FastifyPluginAsyncZod {
  const { guards, officers } = deps;
  return async (app) => {
    const tags = ['staff'];

    app.get(
      '/api/staff/officers',
      {
        onRequest: guards.can('officers.manage'),
        schema: {
          operationId: 'listOfficers',
          tags,
          summary: 'Officer accounts (administrators)',
          description: 'Every officer with roles, areas and whether the account is active.',
          response: { 200: z.object({ data: z.array(officerSchema) }) },
        },
      },
      async () => ({ data: await officers.list() }),
    );

    app.post(
      '/api/staff/officers',
      {
        onRequest: guards.can('officers.manage'),
        schema: {
          operationId: 'createOfficer',
          tags,
          summary: 'Create an officer account (administrators)',
          description:
            'No self sign-up for officers. The officer signs in at /staff/login with the start password and ' +
            'the SMS code, and must set their own password before anything else. A phone or ID number already ' +
            'in use is a 409.',
          body: createOfficerSchema,
          response: { 201: officerSchema, 409: errorBodySchema },
        },
      },
      async (request, reply) => {
        const body = request.body;
        const officer = await officers.create(
          {
            firstName: body.first_name,
            surName: body.sur_name,
            phoneNumber: body.phone_number,
            identifier: body.identifier,
            email: body.email,
            staffNo: body.staff_no ?? null,
            roles: body.roles,
            areas: body.areas,
            startPassword: body.start_password,
          },
          { type: 'staff', id: currentUser(request).id },
          request.id,
        );
        return reply.status(201).send(officer);
      },
    );

    app.patch(
      '/api/staff/officers/:id',
      {
        onRequest: guards.can('officers.manage'),
        config: {
          audit: {
            entityType: 'officer',
            entityId: (request) => String((request.params as { id?: string }).id),
            refused: 'decision.refused',
          },
        },
        schema: {
          operationId: 'updateOfficer',
          tags,
          summary: "Change an officer's roles or areas, or deactivate the account (administrators)",
          description:
            'Deactivating ends every session of the officer at once. You cannot change your own roles.',
          params: z.object({ id: z.uuid({ message: 'Not found.' }) }),
          body: updateOfficerSchema,
          response: { 200: officerSchema, 404: errorBodySchema },
        },
      },
      async (request) =>
        officers.update(
          request.params.id,
          request.body,
          { type: 'staff', id: currentUser(request).id },
          request.id,
        ),
    );
  };
}
