import type { Db } from '../../platform/db/database';
import type { SmsGateway } from '../../platform/sms/sms-gateway';
import type { CountyService } from '../county/county-service';
import { createAuthService } from './auth-service';
import type { CustomerRecords } from './customer-records';
import { createOtpService } from './otp';
import { createProfileService } from './profile-service';
import type { SessionService } from './sessions';
import { createThrottle } from './throttle';
import { createUserStore } from './users';

/** The accounts services, wired together (app.ts passes them to accountsRoutes). */
export function createAccountServices(deps: {
  db: Db;
  sms: SmsGateway;
  sessions: SessionService;
  county: CountyService;
  customerRecords: CustomerRecords;
  /** The server's secret; the one-time codes' HMAC key is derived from it. */
  secret: string;
  /** Whether an upload is the user's own image (a profile photo); the uploads module answers. */
  isOwnImage: (userId: string, uploadId: string) => Promise<boolean>;
}) {
  const { db, sessions, customerRecords } = deps;
  const users = createUserStore(db);
  const throttle = createThrottle(db);
  const otp = createOtpService({
    db,
    sms: deps.sms,
    throttle,
    secret: deps.secret,
    portalName: async () => (await deps.county.get()).portal_name,
  });
  const auth = createAuthService({
    db,
    users,
    sessions,
    otp,
    throttle,
    countyName: async () => (await deps.county.get()).name,
  });
  const profile = createProfileService({
    db,
    users,
    sessions,
    otp,
    throttle,
    customerRecords,
    isOwnImage: deps.isOwnImage,
  });
  return { auth, profile, users, otp, throttle };
}
export type AccountServices = ReturnType<typeof createAccountServices>;
