import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyRequest } from 'fastify';
import type { AuthService, RequestContext } from './auth-service';
import type { Guards } from './guard';
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

export const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};

/** What the accounts' route plugins share: a request's context, and the per-address limits. */
export function accountRouteKit(options: AccountsRoutesOptions) {
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
  return { context, perIp };
}
