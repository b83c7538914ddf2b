import type { ApplicationDocuments } from '../../core/applications/application-documents';
import type { ReferenceChoices } from '../../core/applications/reference-choices';
import type { BillService } from '../../core/bills/bill-service';
import type { CountyService } from '../../core/county/county-service';
import type { DocumentService } from '../../core/documents/document-service';
import type { ObligationPush } from '../../core/tickets/ticket-common';
import type { TicketService } from '../../core/tickets/ticket-service';
import type { Db } from '../../platform/db/database';
import type { SmsGateway } from '../../platform/sms/sms-gateway';
import type { parkingTickets } from './schema';

export type TicketRow = typeof parkingTickets.$inferSelect;
export type TicketStatus = TicketRow['status'];

/** What daily parking is made from (app.ts hands it over through the area). */
export interface ParkingServiceDeps {
  db: Db;
  /** Other tickets a plate holds today (market cess), shown beside what covers its parking. */
  tickets?: Pick<TicketService, 'paidForPlate'>;
  bills: BillService;
  payments: ObligationPush;
  documents: Pick<DocumentService, 'issue' | 'shortCodeOf' | 'onRevoked'>;
  links: Pick<ApplicationDocuments, 'link'>;
  choices: Pick<ReferenceChoices, 'check'>;
  county: Pick<CountyService, 'get'>;
  sms: SmsGateway;
  publicUrl: string;
  log: { warn(object: Record<string, unknown>, message: string): void };
}
