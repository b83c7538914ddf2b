import type { Guards } from '../../core/accounts/guard';
import type { ApplicationService } from '../../core/applications/application-service';
import type { LandService } from './land-service';

/** What the land area's route plugins are handed. */
export interface LandRouteDeps {
  land: LandService;
  applications: ApplicationService;
  guards: Guards;
  /** The public printable link of a bill's invoice for this reader (masked unless they own it). */
  invoiceLink: (billNo: string, userId: string) => Promise<string>;
}
