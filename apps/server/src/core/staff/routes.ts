import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db/database';
import type { AccountServices } from '../accounts/accounts';
import type { Guards } from '../accounts/guard';
import type { ApplicationService } from '../applications/application-service';
import type { BillService } from '../bills/bill-service';
import type { PaymentService } from '../payments/payment-service';
import { staffApplicationRoutes } from './application-routes';
import { auditLogRoutes } from './audit-log-routes';
import type { BackOffice } from './backoffice-service';
import { officerRoutes } from './officer-routes';
import type { OfficerService } from './officer-service';
import { ownAccountRoutes } from './own-account-routes';
import { revenueRoutes } from './revenue-routes';
import type { RevenueReports } from './revenue-service';

/**
 * The back office's routes. Every one is guarded by a permission of the officer's roles
 * (contract/api-staff.ts), and everything about an application also by the officer's areas.
 *
 * One plugin per screen group: the officer's own account (own-account-routes.ts), applications
 * (application-routes.ts), officers (officer-routes.ts), revenue (revenue-routes.ts) and the
 * audit log (audit-log-routes.ts).
 */
export function staffRoutes(deps: {
  db: Db;
  guards: Guards;
  officers: OfficerService;
  backOffice: BackOffice;
  accounts: AccountServices;
  payments: PaymentService;
  bills: BillService;
  applications: ApplicationService;
  reports: RevenueReports;
}): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(ownAccountRoutes(deps));
    await app.register(staffApplicationRoutes(deps));
    await app.register(officerRoutes(deps));
    await app.register(revenueRoutes(deps));
    await app.register(auditLogRoutes(deps));
  };
}
