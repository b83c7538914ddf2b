import { type Officer, type OfficerRole, type Permission, permissionsOf } from '@kaunti/contract/api-staff';
import { guessIdentifierType } from '@kaunti/contract/identifier';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/database';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors';
import type { DocumentedGuard } from '../../platform/http/openapi';
import { currentUser, type Guards } from '../accounts/guard';
import { hashPassword } from '../accounts/passwords';
import { users } from '../accounts/schema';
import type { SessionService } from '../accounts/sessions';
import { type Actor, recordAudit } from '../audit/audit';
import { type OfficerRow, officers } from './schema';

declare module 'fastify' {
  interface FastifyRequest {
    /** The officer a back-office guard let through. */
    officer?: LoadedOfficer;
  }
}

export interface LoadedOfficer {
  userId: string;
  name: string;
  roles: OfficerRole[];
  areas: string[];
  permissions: Permission[];
  active: boolean;
  mustSetPassword: boolean;
}

export const SET_PASSWORD_FIRST_MESSAGE = 'Please set your own password before you start.';
/** What the back office's sign-in answers an account that is not an active officer. */
export const NOT_ADMITTED_MESSAGE =
  'This account cannot sign in to the county back office. To use county services, sign in on the main sign-in page.';
const NOT_STAFF_MESSAGE = 'Only county officers can do this.';

/** True when the officer serves this service area. */
export function servesArea(officer: Pick<LoadedOfficer, 'areas'>, area: string): boolean {
  return officer.areas.includes('*') || officer.areas.includes(area);
}

/** The officer who passed a back-office guard. */
export function currentOfficer(request: FastifyRequest): LoadedOfficer {
  if (!request.officer) throw forbidden(NOT_STAFF_MESSAGE);
  return request.officer;
}

/** The officer who passed a back-office guard, if they serve `area`; else 403 saying `refusal`. */
export function officerOfArea(request: FastifyRequest, area: string, refusal: string): LoadedOfficer {
  const officer = currentOfficer(request);
  if (!servesArea(officer, area)) throw forbidden(refusal);
  return officer;
}

export interface CreateOfficerInput {
  firstName: string;
  surName: string;
  phoneNumber: string;
  identifier: string;
  email: string;
  staffNo?: string | null;
  roles: OfficerRole[];
  areas: string[];
  /** The start password the administrator gives; the officer must replace it at first sign-in. */
  startPassword: string;
}

function toApi(row: OfficerRow, user: { firstName: string; surName: string; phoneNumber: string }): Officer {
  return {
    id: row.userId,
    name: `${user.firstName} ${user.surName}`,
    phone_number: user.phoneNumber,
    staff_no: row.staffNo,
    roles: row.roles,
    areas: row.areas as Officer['areas'],
    permissions: permissionsOf(row.roles),
    active: row.active,
  };
}

/**
 * County officers: who they are, what they may do (roles → permissions, contract/api-staff.ts)
 * and where (service areas), and the guards that check it on every back-office request.
 */
export function createOfficerService(deps: {
  db: Db;
  guards: Pick<Guards, 'requireUser'>;
  sessions: SessionService;
}) {
  const { db } = deps;

  async function load(userId: string, tx: Db = db): Promise<LoadedOfficer | undefined> {
    const [row] = await tx
      .select({ officer: officers, firstName: users.firstName, surName: users.surName, role: users.role })
      .from(officers)
      .innerJoin(users, eq(users.id, officers.userId))
      .where(eq(officers.userId, userId))
      .limit(1);
    if (row?.role !== 'staff') return undefined;
    return {
      userId,
      name: `${row.firstName} ${row.surName}`,
      roles: row.officer.roles,
      areas: row.officer.areas,
      permissions: permissionsOf(row.officer.roles),
      active: row.officer.active,
      mustSetPassword: row.officer.mustSetPassword,
    };
  }

  /** A verified session of an active officer (password set), kept on the request. */
  async function signedInOfficer(request: FastifyRequest, reply: FastifyReply): Promise<LoadedOfficer> {
    await deps.guards.requireUser(request, reply);
    const officer = await load(currentUser(request).id);
    if (!officer?.active) throw forbidden(NOT_STAFF_MESSAGE);
    request.officer = officer;
    return officer;
  }

  const guard = (check: (request: FastifyRequest, reply: FastifyReply) => Promise<void>) =>
    Object.assign(check, { answers: [401, 403] } satisfies DocumentedGuard);

  return {
    load,

    /**
     * The back office's sign-in lets only an active officer on to the code step (a deactivated
     * officer keeps the citizen account: decision 021).
     */
    async admit(userId: string): Promise<void> {
      const officer = await load(userId);
      if (!officer?.active) throw forbidden(NOT_ADMITTED_MESSAGE);
    },

    /** Any active officer, even one who has not set their password yet (to set it). */
    requireOfficer: guard(async (request, reply) => {
      await signedInOfficer(request, reply);
    }),

    /** An active officer whose roles grant this permission (403 otherwise). */
    can(permission: Permission) {
      return guard(async (request, reply) => {
        const officer = await signedInOfficer(request, reply);
        if (officer.mustSetPassword) throw forbidden(SET_PASSWORD_FIRST_MESSAGE);
        if (!officer.permissions.includes(permission))
          throw forbidden('Your role does not allow this. Ask an administrator if you need it.');
      });
    },

    toApi,

    /** Every officer (one when `userId` is given), by surname. */
    async list(userId?: string): Promise<Officer[]> {
      const rows = await db
        .select({ officer: officers, user: users })
        .from(officers)
        .innerJoin(users, eq(users.id, officers.userId))
        .where(userId ? eq(officers.userId, userId) : undefined)
        .orderBy(asc(users.surName), asc(users.firstName));
      return rows.map((r) => toApi(r.officer, r.user));
    },

    /** An administrator creates an officer account (no self sign-up). */
    async create(input: CreateOfficerInput, actor: Actor, requestId?: string): Promise<Officer> {
      const passwordHash = await hashPassword(input.startPassword);
      return db.transaction(async (tx) => {
        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(
            sql`${users.phoneNumber} = ${input.phoneNumber} or upper(${users.identifier}) = upper(${input.identifier})`,
          )
          .limit(1);
        if (taken)
          throw conflict('An account with this phone number or ID number already exists.', 'already_exists');
        const [user] = await tx
          .insert(users)
          .values({
            customerNo: sql`'STAFF-' || lpad(nextval('customer_no_seq')::text, 7, '0')`,
            firstName: input.firstName,
            surName: input.surName,
            identifier: input.identifier,
            identifierType: guessIdentifierType(input.identifier),
            phoneNumber: input.phoneNumber,
            email: input.email,
            passwordHash,
            role: 'staff',
            firstTimeLogin: true,
          })
          .returning();
        const [row] = await tx
          .insert(officers)
          .values({
            userId: user!.id,
            staffNo: input.staffNo ?? null,
            roles: input.roles,
            areas: input.areas,
            mustSetPassword: true,
            createdBy: actor.id ?? null,
          })
          .returning();
        await recordAudit(tx, {
          actor,
          entityType: 'officer',
          entityId: user!.id,
          action: 'officer.created',
          toState: 'active',
          data: { roles: input.roles, areas: input.areas },
          ...(requestId ? { requestId } : {}),
        });
        return toApi(row!, user!);
      });
    },

    /** Roles, areas, or deactivation (which ends every session of the officer at once). */
    async update(
      userId: string,
      change: {
        roles?: OfficerRole[] | undefined;
        areas?: string[] | undefined;
        active?: boolean | undefined;
      },
      actor: Actor,
      requestId?: string,
    ): Promise<Officer> {
      if (actor.id === userId && (change.active === false || change.roles))
        throw new AppError(403, 'forbidden', 'You cannot change your own roles or deactivate yourself.');
      const result = await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(officers)
          .where(eq(officers.userId, userId))
          .for('update')
          .limit(1);
        if (!before) throw notFound('There is no such officer.');
        const [row] = await tx
          .update(officers)
          .set({
            ...(change.roles ? { roles: change.roles } : {}),
            ...(change.areas ? { areas: change.areas } : {}),
            ...(change.active !== undefined
              ? { active: change.active, deactivatedAt: change.active ? null : new Date() }
              : {}),
          })
          .where(eq(officers.userId, userId))
          .returning();
        await recordAudit(tx, {
          actor,
          entityType: 'officer',
          entityId: userId,
          action: 'officer.updated',
          fromState: before.active ? 'active' : 'inactive',
          toState: row!.active ? 'active' : 'inactive',
          data: { roles: row!.roles, areas: row!.areas },
          ...(requestId ? { requestId } : {}),
        });
        const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
        return { row: row!, user: user! };
      });
      if (change.active === false) await deps.sessions.revokeOthers(userId, undefined, 'officer_deactivated');
      return toApi(result.row, result.user);
    },

    /** After the officer set their own password. */
    async passwordSet(userId: string): Promise<void> {
      await db
        .update(officers)
        .set({ mustSetPassword: false })
        .where(and(eq(officers.userId, userId)));
    },
  };
}
export type OfficerService = ReturnType<typeof createOfficerService>;
