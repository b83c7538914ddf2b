import type { Decision } from '@kaunti/contract/api-staff';
import type { Db } from '../../platform/db/database';
import type { SmsGateway } from '../../platform/sms/sms-gateway';
import type { StorageDriver } from '../../platform/storage/storage';
import type { ApplicationDocuments } from '../applications/application-documents';
import type { ApplicationService } from '../applications/application-service';
import type { ApplicationComments } from '../applications/comments';
import type { ReferenceChoices } from '../applications/reference-choices';
import type { BillService } from '../bills/bill-service';

export type DecisionStatus = Decision['status'];

/**
 * What the county's own records say beside an application's answers (a parcel's register entry)
 * and what they forbid: while `problems` is not empty, it cannot be approved or issued.
 */
export interface RegisterCheck {
  facts: { label: string; value: string }[];
  problems: string[];
}
export type RegisterChecker = (
  on: Db,
  application: { userId: string; serviceId: string; values: Record<string, unknown> },
) => Promise<RegisterCheck | null>;

export interface SmsLog {
  warn(object: Record<string, unknown>, message: string): void;
}

/** What the back office is made from (app.ts hands it over). */
export interface BackOfficeDeps {
  db: Db;
  applications: ApplicationService;
  documents: ApplicationDocuments;
  bills: BillService;
  storage: StorageDriver;
  sms: SmsGateway;
  publicUrl: string;
  log: SmsLog;
  /**
   * Answers a reference list's call (the same routes the web app fetches them from), so a code
   * is shown by its name; wired in app.ts to the app itself.
   */
  /** The reference lists' choices: a code is shown by its name. */
  choices: ReferenceChoices;
  comments: ApplicationComments;
}
