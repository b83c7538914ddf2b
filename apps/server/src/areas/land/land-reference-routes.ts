import {
  consultantsQuerySchema,
  consultantsResponseSchema,
  groundRentServiceTypesResponseSchema,
  groundRentZonesQuerySchema,
  groundRentZonesResponseSchema,
  landReasonsResponseSchema,
  landServicesResponseSchema,
  landUsesRequestSchema,
  landUsesResponseSchema,
  surveyServiceTypesQuerySchema,
  surveyServiceTypesResponseSchema,
} from '@kaunti/contract/api-land';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { LandRouteDeps } from './land-route-deps';

export const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema } as const;

/** The land forms' reference lists: land uses, reasons, ground rent services and zones, survey services, consultants. */
export function landReferenceRoutes(deps: LandRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { land } = deps;
    const onRequest = deps.guards.requireUser;
    const security = [{ bearer: [] }];
    const tags = ['land'];
    // Reference data -------------------------------------------------------------------------
    app.post(
      '/api/lands/land_utils/get_land_uses',
      {
        onRequest,
        schema: {
          operationId: 'listLandUses',
          tags,
          security,
          summary: 'Land use codes (land_use_code sent empty for all)',
          description: 'The land use codes and their names; send `land_use_code` empty for all.',
          body: landUsesRequestSchema.optional(),
          response: { 200: landUsesResponseSchema, ...errors },
        },
      },
      async (request) => ({ data: await land.landUses(request.body?.land_use_code || undefined) }),
    );
    app.get(
      '/api/lands/application/GetAddLRReasonforapplication',
      {
        onRequest,
        schema: {
          operationId: 'listLrApplicationReasons',
          tags,
          security,
          summary: 'Reasons for a land owner amendment',
          description: 'The reasons a land owner may give for an amendment, for the add-LR application.',
          response: { 200: landReasonsResponseSchema, ...errors },
        },
      },
      async () => ({ data: await land.reasons() }),
    );
    app.get(
      '/api/globalms/ground_rent/service_type',
      {
        onRequest,
        schema: {
          operationId: 'listGroundRentServiceTypes',
          tags,
          security,
          summary: 'Ground rent service types (ground rent, stand premium)',
          description: 'Ground rent service types (ground rent, stand premium).',
          response: { 200: groundRentServiceTypesResponseSchema, ...errors },
        },
      },
      async () => ({ data: await land.groundRentServiceTypes() }),
    );
    app.get(
      '/api/globalms/ground_rent/zone',
      {
        onRequest,
        schema: {
          operationId: 'listGroundRentZones',
          tags,
          security,
          summary: 'Ground rent zones of a ward (query ward_code, sub_county_code)',
          description: 'The ground rent zones of a ward, by `ward_code` and `sub_county_code`.',
          querystring: groundRentZonesQuerySchema,
          response: { 200: groundRentZonesResponseSchema, ...errors },
        },
      },
      async (request) => ({
        data: await land.groundRentZones({
          wardCode: request.query.ward_code || undefined,
          subCountyCode: request.query.sub_county_code || undefined,
        }),
      }),
    );
    app.get(
      '/api/lands/land_r/services',
      {
        onRequest,
        schema: {
          operationId: 'listLandRatesServices',
          tags,
          security,
          summary: 'Land services',
          description: 'The land services a citizen can apply for.',
          response: { 200: landServicesResponseSchema, ...errors },
        },
      },
      async () => ({ data: await land.landServices() }),
    );
    app.get(
      '/api/lands/land_survey/Getlandsurveyservicetypes',
      {
        onRequest,
        schema: {
          operationId: 'listLandSurveyServiceTypes',
          tags,
          security,
          summary: 'Land survey service types (land_service_code sent empty for all)',
          description: 'Land survey service types; send `land_service_code` empty for all.',
          querystring: surveyServiceTypesQuerySchema,
          response: { 200: surveyServiceTypesResponseSchema, ...errors },
        },
      },
      async (request) => ({
        data: await land.surveyServiceTypes(request.query.land_service_code || undefined),
      }),
    );
    app.get(
      '/api/lands/consultants',
      {
        onRequest,
        schema: {
          operationId: 'listConsultants',
          tags,
          security,
          summary: 'Licensed surveyors, valuers and planners (not in the spec)',
          description: 'Licensed surveyors, valuers and planners a land application may name.',
          querystring: consultantsQuerySchema,
          response: { 200: consultantsResponseSchema, ...errors },
        },
      },
      async (request) => ({ data: await land.consultants(request.query.profession) }),
    );
  };
}
