import { appendFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';

/**
 * The contract check: every response an API test receives is held against the OpenAPI document
 * the same server publishes (/api/docs/json). Its status must be declared for the operation, its
 * content type declared for that status, and a JSON body must match the declared schema. What
 * does not is a violation; test/support/contract-setup.ts fails the test that received it. So the
 * document cannot drift from the code: a new status, field or media type must be documented.
 *
 * Responses to requests no route matched (404, 405, a malformed address) have no operation; they
 * are checked to be the documented error body (`components.schemas.Error`).
 */

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, ResponseObject> }>>;
  components?: { schemas?: Record<string, unknown> };
}
interface ResponseObject {
  content?: Record<string, { schema?: unknown }>;
}

export interface ContractViolation {
  method: string;
  url: string;
  route: string | undefined;
  status: number;
  problem: string;
}

const violations: ContractViolation[] = [];

/** The violations seen since the last call (and forgets them). */
export function takeContractViolations(): ContractViolation[] {
  return violations.splice(0, violations.length);
}

/** One compiled document per distinct text: every app of a test file publishes the same one. */
const checkers = new Map<string, Checker>();

class Checker {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
  private readonly compiled = new Map<string, ValidateFunction>();
  constructor(readonly doc: OpenApiDocument) {
    // OpenAPI 3.1 schemas are JSON Schema 2020-12; `$ref`s point into this document.
    this.ajv.addSchema(doc as object, 'openapi');
  }

  validator(pointer: string): ValidateFunction {
    let validate = this.compiled.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `openapi#${pointer}` });
      this.compiled.set(pointer, validate);
    }
    return validate;
  }
}

const escapePointer = (segment: string) =>
  encodeURIComponent(segment.replaceAll('~', '~0').replaceAll('/', '~1'));

/** `/api/bills/:bill_no` → `/api/bills/{bill_no}` (the document's spelling of a route). */
const openApiPath = (route: string) => route.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function pickResponse(
  responses: Record<string, ResponseObject>,
  status: number,
): [string, ResponseObject] | undefined {
  const exact = responses[String(status)];
  if (exact) return [String(status), exact];
  const range = `${String(status)[0]}XX`;
  if (responses[range]) return [range, responses[range]];
  if (responses.default) return ['default', responses.default];
  return undefined;
}

/**
 * Adds the check to an app before it is ready. Each response is checked as it is sent, against
 * the document the app itself publishes.
 */
export function checkResponsesAgainstDocument(app: FastifyInstance): void {
  let checker: Checker | undefined;
  const getChecker = () => {
    if (!checker) {
      const doc = app.swagger() as unknown as OpenApiDocument;
      const key = JSON.stringify(doc);
      checker = checkers.get(key) ?? new Checker(doc);
      checkers.set(key, checker);
    }
    return checker;
  };

  app.addHook('onSend', async (request, reply, payload) => {
    const method = request.method.toLowerCase();
    if (method === 'head' || method === 'options') return payload;
    const route = request.routeOptions.url;
    // The docs themselves, and routes a test adds for itself with `hide: true`, are not the API.
    if (route?.startsWith('/api/docs') || request.routeOptions.schema?.hide) return payload;
    const status = reply.statusCode;
    const contentType = (String(reply.getHeader('content-type') ?? '').split(';')[0] ?? '')
      .trim()
      .toLowerCase();
    const record = (problem: string) => {
      const violation = { method: request.method, url: request.url.slice(0, 120), route, status, problem };
      violations.push(violation);
      if (process.env.CONTRACT_REPORT)
        appendFileSync(process.env.CONTRACT_REPORT, `${JSON.stringify(violation)}\n`);
    };
    const doc = getChecker().doc;

    let pointer: string;
    const operation = route ? doc.paths[openApiPath(route)]?.[method] : undefined;
    if (!operation) {
      // Not a documented operation: the SPA and static files are not the API's business, but
      // every /api answer that is not an operation's (404, 405, a malformed address) is an error
      // in the documented shape.
      if (!request.url.startsWith('/api/') && route !== undefined) return payload;
      if (status < 400) {
        if (request.url.startsWith('/api/')) record('answered by no documented operation');
        return payload;
      }
      if (contentType !== 'application/json') {
        record(`error answered as "${contentType}", not application/json`);
        return payload;
      }
      pointer = '/components/schemas/Error';
    } else {
      const picked = pickResponse(operation.responses ?? {}, status);
      if (!picked) {
        record(`status ${status} is not documented`);
        return payload;
      }
      const [key, response] = picked;
      if (!response.content) {
        if (payload !== undefined && payload !== null && payload !== '')
          record(`status ${status} is documented without a body, but one was sent`);
        return payload;
      }
      const media = response.content[contentType];
      if (!media) {
        record(
          `content type "${contentType}" is not documented for ${status} (documented: ${Object.keys(response.content).join(', ')})`,
        );
        return payload;
      }
      if (contentType !== 'application/json' || media.schema === undefined) return payload;
      pointer = `/paths/${escapePointer(openApiPath(route as string))}/${method}/responses/${key}/content/${escapePointer(contentType)}/schema`;
    }

    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload.toString());
    } catch {
      record('body is not JSON although its content type says so');
      return payload;
    }
    const validate = getChecker().validator(pointer);
    if (!validate(body)) {
      const first = validate.errors?.[0];
      record(`body does not match its schema: ${first?.instancePath || '/'} ${first?.message ?? ''}`);
    }
    return payload;
  });
}
