import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * OpenAPI from the routes' zod schemas: the UI at /api/docs, the document at /api/docs/json.
 * Must be registered before the routes it documents.
 *
 * A route states what only it knows (summary, description, its own answers); what the platform
 * adds to every route is documented here, once, from the route's own options, so it cannot be
 * forgotten:
 *  - the errors the platform itself can answer: 400 (invalid or control characters), 413/415
 *    (a body too large, a content type not taken), 414 (a path parameter over 100 characters),
 *    429 (the route's rate limit), 401/403 (the route's guard), 500, 503; all as the Error schema;
 *  - `security` for every guarded route (a route names its own verb-noun operationId where it is
 *    declared: `listBills`; one from the method and path only for a route that names none);
 *  - `produces` is the media type of a successful answer only: errors are always JSON.
 * The contract test (test/support/contract.ts) holds every response the API tests receive
 * against this document.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The parts of a multipart/form-data body, for the document only: Fastify does not validate
     * a multipart body (@fastify/multipart reads it in the handler), so it cannot be `schema.body`.
     */
    multipartForm?: z.ZodType;
    /**
     * Headers a route itself sets on some answers, by status, for the document only (the
     * platform's own, `x-request-id`, `Retry-After` and the rate-limit headers, are added here).
     */
    answerHeaders?: Partial<Record<number, readonly AnswerHeader[]>>;
  }
}

/** What a guard may answer, so the document can say it (see core/accounts/guard.ts). */
export interface DocumentedGuard {
  answers: readonly number[];
  /** Lets anyone through, knowing a signed-in caller (`security: [{}, { bearer: [] }]`). */
  optional?: boolean;
}

/** The response headers the server sends, as the document's `components.headers`. */
const ANSWER_HEADERS = {
  'x-request-id': {
    description:
      "The request's id, on every answer: the caller's own `X-Request-Id` when it looks like an id, else a new one. Quote it when reporting a problem.",
    required: true,
    schema: { type: 'string', maxLength: 64 },
  },
  'retry-after': {
    description: 'Seconds to wait before trying again.',
    schema: { type: 'integer', minimum: 0 },
  },
  'x-ratelimit-limit': {
    description: "The route's limit: requests allowed in its window.",
    schema: { type: 'integer', minimum: 0 },
  },
  'x-ratelimit-remaining': {
    description: 'Requests still allowed in the current window.',
    schema: { type: 'integer', minimum: 0 },
  },
  'x-ratelimit-reset': {
    description: 'Seconds until the current window ends.',
    schema: { type: 'integer', minimum: 0 },
  },
  'idempotent-replayed': {
    description:
      '`true` when this is the stored answer to an earlier request with the same `Idempotency-Key` (nothing was done again).',
    schema: { type: 'string', enum: ['true'] },
  },
} as const;
export type AnswerHeader = keyof typeof ANSWER_HEADERS;
const HEADER_COMPONENT: Record<AnswerHeader, string> = {
  'x-request-id': 'XRequestId',
  'retry-after': 'RetryAfter',
  'x-ratelimit-limit': 'XRateLimitLimit',
  'x-ratelimit-remaining': 'XRateLimitRemaining',
  'x-ratelimit-reset': 'XRateLimitReset',
  'idempotent-replayed': 'IdempotentReplayed',
};
const RATE_LIMIT_HEADERS: AnswerHeader[] = [
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
];

const ERROR_RESPONSES: Record<number, string> = {
  400: 'The request is not valid; `details` names the fields at fault.',
  401: 'Not signed in, the session has ended, or the one-time code is still due (`code` says which).',
  403: 'Signed in, but this account may not do this.',
  404: 'There is no such thing, or it is not yours.',
  409: 'It cannot be done in the current state (`code` says why).',
  413: 'The request body is too large.',
  414: 'A path parameter is longer than 100 characters.',
  415: 'This content type is not accepted here.',
  429: 'Too many requests; `Retry-After` says when to try again.',
  500: 'Something went wrong on our side; the `x-request-id` header identifies the request.',
  503: 'A service this depends on is unavailable for a moment; try again.',
};

/** Areas of the API, in the order the docs show them. */
export const API_TAGS = [
  {
    name: 'accounts',
    description: 'Sign up, sign in with a password and a one-time SMS code, recover a password.',
  },
  { name: 'profile', description: "The signed-in citizen's own profile, phone number and password." },
  { name: 'county', description: 'The county itself: its name, contacts and sub-counties.' },
  {
    name: 'catalogue',
    description:
      'The open catalogue of services: everything a client needs to render and submit an application.',
  },
  { name: 'applications', description: "Apply for a service, follow one's applications, cancel one." },
  { name: 'drafts', description: 'Forms saved as the citizen types, to resume on any device.' },
  {
    name: 'uploads',
    description: 'Files attached to applications (JPEG, PNG or PDF, checked by their bytes).',
  },
  { name: 'bills', description: "The signed-in citizen's bills, their invoices and receipts." },
  {
    name: 'payments',
    description: 'Paying a bill by M-Pesa (STK push to the phone) and following the payment.',
  },
  {
    name: 'mpesa-callbacks',
    description: "Safaricom Daraja's callbacks. Only Daraja calls these, on paths holding a secret.",
  },
  {
    name: 'ussd',
    description:
      "Feature phones: the county's USSD gateway posts each step of a session, on a path holding a secret.",
  },
  {
    name: 'land',
    description: 'Land services: parcels, rates, ground rent, survey, clearance and ownership claims.',
  },
  {
    name: 'estates',
    description:
      "County estates: a tenant's tenancies of county houses and units, their rent statement and rent bills.",
  },
  {
    name: 'payment-plans',
    description:
      "Arrears of rent, stall rent or rates paid in 2 to 12 monthly instalments: asked for, granted at once within the county's limits (else a revenue officer decides), the schedule printed with its QR code.",
  },
  {
    name: 'business',
    description:
      'Business permits: the activity schedule, businesses and their register lookup, my permits and renewals, pest control.',
  },
  {
    name: 'parking',
    description:
      'Parking: zones and fees, daily parking paid by M-Pesa with no account, tickets, enforcement checks.',
  },
  {
    name: 'markets',
    description:
      "Markets: the county's markets and cess barriers, the produce cess is charged on, market cess paid by M-Pesa with no account.",
  },
  {
    name: 'tickets',
    description: 'Tickets paid by M-Pesa with no account (public toilets), read by their id.',
  },
  {
    name: 'saccos',
    description:
      'Transport Saccos (PSV activation needed): fleets, old numbers, annual PSV stickers paid in one bill.',
  },
  {
    name: 'documents',
    description: 'Issued documents: the QR code image, the signing keys, staff search and revocation.',
  },
  { name: 'verify', description: 'E-Verify: anyone checks a document, an officer or an identity.' },
  { name: 'staff', description: 'The county back office: routes only county officers may call.' },
  {
    name: 'health',
    description: 'Liveness and readiness for the load balancer, and error reports from the web app.',
  },
  { name: 'development', description: 'Present only in development, never in production.' },
] as const;

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** `land-survey` → `LandSurvey`: a catalogue service's id in an operationId (`applyLandSurvey`). */
export function pascalCase(id: string): string {
  return id
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1))
    .join('');
}

/**
 * `POST /api/bills/{bill_no}/invoice.pdf` → `postApiBillsBillNoInvoicePdf`: only for a route that
 * names no operationId of its own (a test's); every route of the API names a verb-noun one where
 * it is declared (`listBills`), kept by test/api/openapi.test.ts.
 */
export function operationIdFor(method: string, url: string): string {
  const words = url
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1));
  return method.toLowerCase() + words.join('');
}

function guardsOf(route: RouteOptions): Partial<DocumentedGuard>[] {
  const hooks = [route.onRequest, route.preHandler].flat().filter(Boolean) as unknown[];
  return hooks as Partial<DocumentedGuard>[];
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type Schema = Record<string, unknown> & {
  body?: unknown;
  response?: Record<string, Record<string, unknown>>;
  produces?: string[];
  security?: unknown;
  operationId?: string;
  hide?: boolean;
  tags?: string[];
};

interface Operation {
  operationId?: string;
  requestBody?: { content?: Record<string, { example?: unknown; examples?: unknown }> };
  responses?: Record<string, { headers?: Record<string, unknown> }>;
}

const errorSchema = (status: number) => ({
  description: ERROR_RESPONSES[status] ?? 'Error',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** The examples of the named request bodies, by operationId, for documentComponents. */
const bodyExamples = new Map<string, unknown[]>();
/** The headers each operation's answers carry beyond `x-request-id`, by operationId and status. */
const operationHeaders = new Map<string, Map<string, AnswerHeader[]>>();

/** A file's schema by its media type: text as a string, anything else bytes. */
const fileSchema = (media: string) =>
  media.startsWith('text/') ? { type: 'string' } : { type: 'string', format: 'binary' };

export function documentRoute(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const out = jsonSchemaTransform(input);
  const schema = out.schema as Schema | undefined;
  if (!schema || schema.hide) return out;
  const route = (input as { route: RouteOptions }).route;
  const method = [route.method].flat()[0] ?? 'GET';
  schema.operationId ??= operationIdFor(method, out.url);

  schema.response ??= {};
  const response = schema.response;
  // A body's examples (zod drops them from a schema that transforms its input): each must pass
  // the schema it illustrates, or the document is not made at all.
  const zodBody = (input as { schema?: { body?: unknown } }).schema?.body;
  if (zodBody instanceof z.ZodType && schema.body && typeof schema.body === 'object') {
    const examplesOf = (body: z.ZodType): unknown[] | undefined =>
      (z.globalRegistry.get(body)?.examples as unknown[] | undefined) ??
      (body instanceof z.ZodOptional ? examplesOf(body.unwrap() as z.ZodType) : undefined);
    const examples = examplesOf(zodBody);
    for (const example of examples ?? []) {
      const result = zodBody.safeParse(example);
      if (!result.success)
        throw new Error(
          `The example body of ${method} ${out.url} does not pass its own schema: ${result.error.issues[0]?.message}`,
        );
    }
    if (examples?.length) {
      const body = schema.body as Record<string, unknown>;
      // A named body is a `$ref` to its component, where @fastify/swagger would lose them: they
      // go on the media type after the paths are made (documentComponents).
      if (body.$ref && schema.operationId) bodyExamples.set(schema.operationId, examples);
      else body.examples = examples;
    }
  }
  const form = route.config?.multipartForm;
  if (form && !schema.body) schema.body = z.toJSONSchema(form, { io: 'input', target: 'draft-2020-12' });
  // The media a success is answered in (a PDF, an image); every error is JSON.
  const produces = schema.produces;
  delete schema.produces;
  for (const [status, declared] of Object.entries(response)) {
    if (Number(status) >= 400) {
      response[status] = errorSchema(Number(status));
    } else if (produces && declared.type !== 'null') {
      const { description, ...body } = declared;
      response[status] = {
        description: description ?? 'The file',
        content: Object.fromEntries(
          produces.map((media) => [
            media,
            {
              schema: media === 'application/json' && Object.keys(body).length ? body : fileSchema(media),
            },
          ]),
        ),
      };
    }
  }

  // 503: the database (or another dependency) did not answer in time; Retry-After says when.
  const errors = new Set<number>([400, 500, 503]);
  if (BODY_METHODS.has(method)) for (const status of [413, 415]) errors.add(status);
  if (out.url.includes('{')) errors.add(414);
  const config = route.config as
    | { rateLimit?: unknown; answerHeaders?: Partial<Record<number, readonly AnswerHeader[]>> }
    | undefined;
  if (config?.rateLimit) errors.add(429);
  const guards = guardsOf(route);
  const guarded = guards.flatMap((guard) => guard.answers ?? []);
  for (const status of guarded) errors.add(status);
  // Every operation says how it is called: a token, a token if there is one, or none at all.
  if (guarded.length) schema.security ??= [{ bearer: [] }];
  else if (guards.some((guard) => guard.optional)) schema.security ??= [{}, { bearer: [] }];
  else schema.security ??= [];
  for (const status of errors) response[String(status)] ??= errorSchema(status);

  // The headers the answers carry (x-request-id, on all of them, is added in documentComponents).
  const headers = new Map<string, AnswerHeader[]>();
  for (const status of Object.keys(response)) {
    const code = Number(status);
    const names: AnswerHeader[] = [];
    // @fastify/rate-limit counts down on every answer of a limited route, and says when at 429.
    if (config?.rateLimit) names.push(...RATE_LIMIT_HEADERS);
    if (code === 429 || code === 503) names.push('retry-after');
    names.push(...(config?.answerHeaders?.[code] ?? []));
    if (names.length) headers.set(status, names);
  }
  if (schema.operationId) operationHeaders.set(schema.operationId, headers);
  return out;
}

/**
 * The document's components: every schema the contract names (`.meta({ id: 'Bill' })`) is one,
 * referred to by `$ref` wherever it is used. zod's registry gives each its `$id` and `$schema`,
 * which OpenAPI does not want inside components, and an input twin (`BillInput`) for a schema a
 * request uses; a component nothing refers to (a twin no request uses, a name only a derived
 * schema inherits from) goes, so the document lists only what it uses.
 */
export function documentComponents(
  input: Parameters<typeof jsonSchemaTransformObject>[0],
): ReturnType<typeof jsonSchemaTransformObject> {
  const out = jsonSchemaTransformObject(input) as {
    components?: { schemas?: Record<string, unknown>; headers?: Record<string, unknown> };
    paths?: Record<string, Record<string, Operation>>;
  };
  const headerRef = (name: AnswerHeader) => ({ $ref: `#/components/headers/${HEADER_COMPONENT[name]}` });
  if (out.components)
    out.components.headers = Object.fromEntries(
      Object.entries(ANSWER_HEADERS).map(([name, header]) => [
        HEADER_COMPONENT[name as AnswerHeader],
        header,
      ]),
    );
  for (const operations of Object.values(out.paths ?? {}))
    for (const operation of Object.values(operations)) {
      const headers = operationHeaders.get(operation.operationId ?? '');
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        const names: AnswerHeader[] = ['x-request-id', ...(headers?.get(status) ?? [])];
        answer.headers = { ...answer.headers, ...Object.fromEntries(names.map((n) => [n, headerRef(n)])) };
      }
    }
  for (const operations of Object.values(out.paths ?? {}))
    for (const operation of Object.values(operations)) {
      const examples = bodyExamples.get(operation.operationId ?? '');
      const media = operation.requestBody?.content?.['application/json'];
      if (!examples || !media || media.example !== undefined || media.examples !== undefined) continue;
      if (examples.length === 1) media.example = examples[0];
      else media.examples = Object.fromEntries(examples.map((value, i) => [`example${i + 1}`, { value }]));
    }
  const schemas = out.components?.schemas ?? {};
  for (const [name, schema] of Object.entries(schemas)) {
    const { $id: _id, $schema: _schema, ...rest } = schema as Record<string, unknown>;
    schemas[name] = rest;
  }
  // What the paths refer to, and what those refer to in turn.
  const refsIn = (value: unknown) =>
    [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1] as string);
  const used = new Set(refsIn({ ...out, components: { ...out.components, schemas: undefined } }));
  const queue = [...used];
  for (let name = queue.pop(); name !== undefined; name = queue.pop())
    for (const ref of refsIn(schemas[name] ?? {}))
      if (!used.has(ref)) {
        used.add(ref);
        queue.push(ref);
      }
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
  // A schema only requests use is named as the contract names it (`SignupRequest`, not
  // `SignupRequestInput`); the suffix stays only where an answer uses the same name.
  const renames = Object.keys(schemas)
    .filter((name) => name.endsWith('Input') && !schemas[name.slice(0, -'Input'.length)])
    .map((name) => [name, name.slice(0, -'Input'.length)] as const);
  if (renames.length === 0) return out as ReturnType<typeof jsonSchemaTransformObject>;
  let text = JSON.stringify(out);
  for (const [from, to] of renames)
    text = text.replaceAll(`"#/components/schemas/${from}"`, `"#/components/schemas/${to}"`);
  const renamed = JSON.parse(text) as typeof out;
  const named = renamed.components?.schemas ?? {};
  for (const [from, to] of renames) {
    named[to] = named[from];
    delete named[from];
  }
  return renamed as ReturnType<typeof jsonSchemaTransformObject>;
}

export async function registerOpenApi(app: FastifyInstance, publicUrl: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Kaunti county e-services API',
        description:
          'Apply for county services, see bills, pay by M-Pesa, and verify documents. ' +
          'Sign in with `POST /api/auth/login` and `POST /api/auth/otp/verify`, then send ' +
          '`Authorization: Bearer <token>`. Money is in whole shillings where Daraja uses them ' +
          'and integer cents elsewhere, as each field says. Every error is ' +
          '`{ "message", "code", "details"? }` (the Error schema). The guide for partners is ' +
          'docs/api-guide.md in the repository.',
        version: '1.0.0',
        contact: { name: 'Kaunti county e-services', url: `${publicUrl}/contact` },
      },
      servers: [{ url: publicUrl }],
      tags: API_TAGS.map((tag) => ({ ...tag })),
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The token `POST /api/auth/otp/verify` answers (`token`); a session lasts 8 hours.',
          },
        },
      },
    },
    transform: documentRoute,
    transformObject: documentComponents,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
