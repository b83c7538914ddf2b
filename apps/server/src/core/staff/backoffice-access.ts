import { findService, services } from '@kaunti/catalogue/catalogue';
import type { ApplicationStatus } from '@kaunti/contract/api-applications';
import { DECISION_PERMISSION } from '@kaunti/contract/api-staff';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { forbidden, notFound } from '../../platform/errors';
import { users } from '../accounts/schema';
import { applications } from '../applications/schema';
import { applicationStatus } from '../applications/status';
import type { DecisionStatus, RegisterCheck, RegisterChecker } from './backoffice-types';
import { type LoadedOfficer, servesArea } from './officer-service';

const DECISIONS: DecisionStatus[] = ['needs_info', 'approved', 'rejected', 'issued'];

/**
 * What an officer may reach and do: the services of their areas, an application of those (403
 * outside them), the decisions open to them, and the areas' checks against their records.
 */
export function createBackOfficeAccess(db: Db) {
  const registerCheckers = new Map<string, RegisterChecker>();

  async function registerCheckOf(
    on: Db,
    application: { userId: string; serviceId: string; values: Record<string, unknown> },
  ): Promise<RegisterCheck | null> {
    const checker = registerCheckers.get(application.serviceId);
    return checker ? checker(on, application) : null;
  }

  /** The services in the officer's areas (optionally one area or service). */
  function servicesFor(officer: LoadedOfficer, area?: string, serviceId?: string): string[] {
    return services
      .filter((s) => servesArea(officer, s.area))
      .filter((s) => !area || s.area === area)
      .filter((s) => !serviceId || s.id === serviceId)
      .map((s) => s.id);
  }

  /** The application, if it is in the officer's areas (403 otherwise, 404 when there is none). */
  async function loadFor(officer: LoadedOfficer, applicationNo: string) {
    const [row] = await db
      .select({ application: applications, user: users })
      .from(applications)
      .innerJoin(users, eq(users.id, applications.userId))
      .where(eq(applications.applicationNo, applicationNo.trim().toUpperCase()))
      .limit(1);
    if (!row) throw notFound('We could not find that application.');
    const service = findService(row.application.serviceId);
    if (!service || !servesArea(officer, service.area))
      throw forbidden('This application is outside your service areas.');
    return { ...row, service };
  }

  /** What this officer may decide now: the status table, their role, and four eyes. */
  function allowedDecisions(
    officer: LoadedOfficer,
    row: { status: ApplicationStatus; userId: string },
    approvedBy: string | null,
  ): DecisionStatus[] {
    if (row.userId === officer.userId) return [];
    return DECISIONS.filter(
      (to) =>
        applicationStatus.can(row.status, to) &&
        officer.permissions.includes(DECISION_PERMISSION[to]) &&
        !(to === 'issued' && approvedBy === officer.userId),
    );
  }

  return {
    registerCheckOf,
    servicesFor,
    loadFor,
    allowedDecisions,
    /** An area's check of its services' applications against its records (shown, and enforced on approval). */
    addRegisterCheck(serviceIds: readonly string[], checker: RegisterChecker): void {
      for (const id of serviceIds) registerCheckers.set(id, checker);
    },
  };
}
export type BackOfficeAccess = ReturnType<typeof createBackOfficeAccess>;
