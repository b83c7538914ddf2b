import type { Db } from '../../platform/db/database';
import type { AuthenticatedUser } from '../accounts/guard';
import type { BillService } from '../bills/bill-service';
import type { DraftService } from '../drafts/draft-service';
import type { UploadService } from '../uploads/upload-service';
import type { ApplicationDocuments } from './application-documents';
import type { ApplicationTransitions } from './application-transitions';
import type { ApplicationViews } from './application-views';
import type { Bookings } from './bookings';
import type { ReferenceChoices } from './reference-choices';
import type { SubmissionChecks } from './submission-checks';

/** What the application service is built from (app.ts and the tests' engine give these). */
export interface ApplicationServiceDeps {
  db: Db;
  bills: BillService;
  uploads: UploadService;
  drafts: DraftService;
  /** Issues the document of an application made `issued` (in the same transaction). */
  documents: ApplicationDocuments;
  /** The reference lists' choices: a list field's value must be one the form offered. */
  choices: ReferenceChoices;
}

/** The service's deps with the parts its modules share: checks, transitions, bookings and views. */
export interface ApplicationParts extends ApplicationServiceDeps {
  checks: SubmissionChecks;
  transitions: ApplicationTransitions;
  bookings: Bookings;
  views: ApplicationViews;
}

export interface SubmitInput {
  user: Pick<AuthenticatedUser, 'id'>;
  serviceId: string;
  payload: unknown;
  draftId?: string | undefined;
  requestId?: string;
  /**
   * What the bill is for when the area's check names nothing (decision 007: one open bill per
   * obligation): a renewal's `renewal:<document id>` (core/renewals).
   */
  obligation?: string;
}
