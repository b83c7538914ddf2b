import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/database';
import { recordAudit } from '../audit/audit';

/**
 * What a route's answers leave in the audit log (issue 36, item 17), declared on the route as
 * `config.audit`: a staff read of personal data or an export when it is answered, and a refused
 * decision (403, 409) — each one row naming the officer, the object and the outcome. The rows go
 * to the audit log only, never to a log line.
 */
export interface AuditedRoute {
  /** The object read or decided on (`application`, `customer`, `document`…). */
  entityType: string;
  entityId: (request: FastifyRequest) => string;
  /** Recorded when it is answered (2xx): `application.viewed`; null leaves that answer out. */
  answered?: string | ((request: FastifyRequest) => string | null);
  /** Recorded when it is refused (403, 409): `decision.refused`. */
  refused?: string;
  /** Recorded when it failed on the server's side (5xx): `paybill_urls.failed`. */
  failed?: string;
  /** What else the row says (the decision asked for, the report's dates). */
  data?: (request: FastifyRequest) => Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What this route's answers leave in the audit log (core/audit/audited-routes.ts). */
    audit?: AuditedRoute;
  }
}

const REFUSALS = new Set([403, 409]);

/** The error body's code and message, when the answer is one (`{ message, code }`). */
function errorOf(payload: unknown): { code?: unknown; message?: unknown } {
  if (typeof payload !== 'string') return {};
  try {
    const body = JSON.parse(payload) as { code?: unknown; message?: unknown };
    return { code: body.code, message: body.message };
  } catch {
    return {};
  }
}

/** Writes the audit rows routes declare (`config.audit`), before the answer leaves. */
export function auditDeclaredRoutes(app: FastifyInstance, db: Db): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const audit = request.routeOptions.config.audit;
    // Only an officer's (or a signed-in caller's) act: a missing or ended session is no one's.
    if (!audit || !request.user) return payload;
    const status = reply.statusCode;
    let action: string | null | undefined;
    let outcome: Record<string, unknown> = {};
    if (status < 300)
      action = typeof audit.answered === 'function' ? audit.answered(request) : audit.answered;
    else if (REFUSALS.has(status) && audit.refused) {
      action = audit.refused;
      outcome = { status, ...errorOf(payload) };
    } else if (status >= 500 && audit.failed) {
      action = audit.failed;
      outcome = { status };
    }
    if (!action) return payload;
    await recordAudit(db, {
      actor: { type: request.officer ? 'staff' : 'user', id: request.user.id },
      entityType: audit.entityType,
      entityId: audit.entityId(request),
      action,
      data: { ...(audit.data?.(request) ?? {}), ...outcome },
      requestId: request.id,
    });
    return payload;
  });
}
