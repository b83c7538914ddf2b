import type { Permission } from '@kaunti/contract/api-staff';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../../platform/errors';
import type { DocumentedGuard } from '../../platform/http/openapi';
import type { SessionService } from './sessions';
import type { TokenClaims, TokenSigner } from './tokens';

/** Who is calling, once the guard let the request through. */
export interface AuthenticatedUser {
  id: string;
  sessionId: string;
  scope: TokenClaims['scope'];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth guard; undefined on public routes. */
    user?: AuthenticatedUser;
  }
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * preHandlers that guard routes:
 *  - `requireUser`: a verified session (after the OTP). Every protected route uses this.
 *  - `requireStaff`: a verified session of a county officer.
 *  - `requireLoginToken`: the login token before its OTP (the OTP routes only);
 *  - `requireSession`: either kind of live session (logout);
 *  - `optionalUser`: knows a signed-in caller, lets anyone else through (public routes).
 * All answer 401 with a message the web app shows; the session row is checked every time, so
 * a revoked session stops at once.
 */
export function createGuards(signer: TokenSigner, sessions: SessionService) {
  async function authenticate(
    request: FastifyRequest,
    scope: TokenClaims['scope'] | 'any',
  ): Promise<AuthenticatedUser> {
    const token = bearer(request);
    if (!token) throw unauthorized('Please login to continue');
    const claims = await signer.verify(token);
    if (!claims) throw unauthorized('Session Expired. Login to continue', 'session_expired');
    const session = await sessions.find(claims.sid, claims.sub);
    if (!session) throw unauthorized('Session Expired. Login to continue', 'session_expired');
    if (scope === 'full' && (claims.scope !== 'full' || session.state !== 'verified')) {
      throw unauthorized('Please verify the one-time code sent to your phone to continue', 'otp_required');
    }
    if (scope === 'otp' && (claims.scope !== 'otp' || session.state !== 'pending_otp')) {
      throw unauthorized('This code step is over. Please login again', 'session_expired');
    }
    const user = { id: claims.sub, sessionId: claims.sid, scope: claims.scope };
    request.user = user;
    return user;
  }
  // Each guard says what it may answer, so the OpenAPI document lists it (platform/http/openapi.ts).
  const guard = (
    answers: readonly number[],
    check: (request: FastifyRequest) => Promise<void>,
    optional = false,
  ) =>
    Object.assign(async (request: FastifyRequest, _reply: FastifyReply) => check(request), {
      answers,
      ...(optional ? { optional } : {}),
    } as DocumentedGuard);
  return {
    requireUser: guard([401], async (request) => {
      await authenticate(request, 'full');
    }),
    requireLoginToken: guard([401], async (request) => {
      await authenticate(request, 'otp');
    }),
    requireSession: guard([401], async (request) => {
      await authenticate(request, 'any');
    }),
    /**
     * For routes anyone may call (daily parking): a signed-in caller is known (`request.user`),
     * anyone else — no token, an expired or unverified one — goes on as a visitor. Never refuses.
     */
    optionalUser: guard(
      [],
      async (request) => {
        if (!bearer(request)) return;
        try {
          await authenticate(request, 'full');
        } catch {
          request.user = undefined;
        }
      },
      true,
    ),
  };
}
/**
 * The guards every route plugin gets: the session guards above, and `can(permission)` — an
 * active county officer whose roles grant the permission (core/staff, wired in app.ts).
 */
export type Guards = ReturnType<typeof createGuards> & {
  can(permission: Permission): ReturnType<typeof createGuards>['requireUser'];
};

/**
 * Answers to a signed-in caller are theirs alone: every JSON answer of a request a guard let
 * through (and the refusals it met after that) carries `Cache-Control: no-store`, whatever the
 * route set, so no browser cache, proxy or shared computer keeps a copy of someone's bills,
 * profile or applications. (Files a route streams say their own: `private, no-store`.)
 */
export function keepSignedInAnswersPrivate(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (request.user && typeof type === 'string' && type.startsWith('application/json'))
      reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}

/** The caller of a guarded route (the guard has run, so it is there). */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
