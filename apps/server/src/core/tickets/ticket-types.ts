import type { ServiceDefinition } from '@kaunti/catalogue/definition';
import type { Db } from '../../platform/db/database';
import type { SmsGateway } from '../../platform/sms/sms-gateway';
import type { ApplicationDocuments } from '../applications/application-documents';
import type { ReferenceChoices } from '../applications/reference-choices';
import type { BillService } from '../bills/bill-service';
import type { CountyService } from '../county/county-service';
import type { DocumentService } from '../documents/document-service';
import type { serviceTickets } from './schema';
import type { ObligationPush } from './ticket-common';

export type TicketRow = typeof serviceTickets.$inferSelect;
export type TicketStatus = TicketRow['status'];
export type TicketBlock = NonNullable<ServiceDefinition['ticket']>;
export type PeriodKind = 'day' | 'month' | 'visit';
/** A catalogue service that sells tickets, with its ticket block. */
export type TicketServiceDefinition = ServiceDefinition & { ticket: TicketBlock };

/** What the ticket service is made from (app.ts hands it over). */
export interface TicketServiceDeps {
  db: Db;
  bills: BillService;
  payments: ObligationPush;
  documents: Pick<DocumentService, 'issue' | 'shortCodeOf' | 'onRevoked'>;
  links: Pick<ApplicationDocuments, 'link'>;
  choices: Pick<ReferenceChoices, 'read'>;
  county: Pick<CountyService, 'get'>;
  sms: SmsGateway;
  publicUrl: string;
  log: { warn(object: Record<string, unknown>, message: string): void };
  services?: readonly ServiceDefinition[];
}
