import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountServices } from '../core/accounts/accounts';
import type { CustomerRecords } from '../core/accounts/customer-records';
import type { Guards } from '../core/accounts/guard';
import type { ApplicationDocuments } from '../core/applications/application-documents';
import type { ApplicationService } from '../core/applications/application-service';
import type { ApplicationComments } from '../core/applications/comments';
import type { ReferenceChoices } from '../core/applications/reference-choices';
import type { BillService } from '../core/bills/bill-service';
import type { StandingChargeService } from '../core/bills/standing-charges';
import type { CountyService } from '../core/county/county-service';
import type { ReferenceItems } from '../core/county/reference-items';
import type { DocumentService } from '../core/documents/document-service';
import type { DocumentRow } from '../core/documents/schema';
import type { PaymentService } from '../core/payments/payment-service';
import type { Renewals } from '../core/renewals/renewals';
import type { BackOffice } from '../core/staff/backoffice-service';
import type { TicketService } from '../core/tickets/ticket-service';
import type { Ussd } from '../core/ussd/ussd-service';
import type { Config } from '../platform/config';
import type { Db } from '../platform/db/database';
import type { PeriodicJob } from '../platform/periodic';
import type { SmsGateway } from '../platform/sms/sms-gateway';

/**
 * What an area offers the areas after it, without importing it (areas never import each other):
 * set by the area that owns it, read at call time by the one that uses it.
 */
export interface AreaOffers {
  /** The business area: the id of the business with this KRA PIN that the user holds. */
  heldBusinessOf?: (userId: string, kraPin: string) => Promise<string | null>;
  /** The parking area: records what a document covers by plate (a PSV sticker), in its transaction. */
  recordParkingCover?: RecordParkingCover;
}

/** A document that lets plates park (parking_covers), as the enforcement check reads it. */
export interface ParkingCover {
  documentId: string;
  kind: 'season' | 'reserved' | 'loading' | 'psv-sticker';
  userId: string | null;
  serviceId: string;
  /** The application it was issued for (none for a PSV sticker, which is bought by bill). */
  applicationNo: string | null;
  /** The zone it is valid in; null: every zone. */
  zoneCode: string | null;
  place: string | null;
  validFrom: Date;
  validUntil: Date;
  plates: readonly string[];
}

export type RecordParkingCover = (tx: Db, cover: ParkingCover) => Promise<void>;

/** An area's demo data, made after every area registered, only with demo data (config.demoData). */
export interface AreaDemo {
  /** Services whose demo documents the area issues itself (the engine's demo skips them). */
  issuesItself?: readonly string[];
  /** Issues or pays the area's samples; the documents it answers are E-Verify's demo samples. */
  run: () => Promise<DocumentRow[] | undefined>;
}

/**
 * The core services an area builds on, made once in app.ts and handed to every area's
 * `register` in the registry's order (areas/index.ts). An area adds its routes, its hooks on the
 * engine (validators, issue hooks, register checks), its reference lists, its USSD screens, its
 * periodic jobs and its demo data through these, and nothing else.
 */
export interface AreaContext {
  config: Config;
  db: Db;
  /** The server's log. */
  log: FastifyBaseLogger;
  guards: Guards;
  county: CountyService;
  references: ReferenceItems;
  customerRecords: CustomerRecords;
  accounts: Pick<AccountServices, 'otp' | 'throttle'>;
  bills: BillService;
  standing: StandingChargeService;
  applications: ApplicationService;
  comments: ApplicationComments;
  backOffice: BackOffice;
  choices: ReferenceChoices;
  /** The document register (signing, E-Verify). */
  documents: DocumentService;
  /** Applications' documents and their public links. */
  links: ApplicationDocuments;
  /** The public printable link of a bill's invoice for this reader (masked unless they own it). */
  invoiceLink: (billNo: string, userId: string) => Promise<string>;
  payments: PaymentService;
  tickets: TicketService;
  ussd: Ussd;
  /** Renewable documents (decision 040): an area that keeps some itself adds itself as their holder. */
  renewals: Pick<Renewals, 'addHolder'>;
  sms: SmsGateway;
  offers: AreaOffers;
  /** Adds the area's routes (its route plugin), in the order the areas register. */
  routes: (plugin: FastifyPluginAsyncZod) => Promise<void>;
  /** A job run every period while the server is up, once across instances (platform/periodic.ts). */
  every: (job: PeriodicJob) => void;
  /** The area's demo data (run after every area registered, with demo data only). */
  demo: (demo: AreaDemo) => void;
}

/** A service area of the catalogue, as the server serves it: it registers itself on the core. */
export interface Area {
  /** Its folder (areas/<name>/), named as the catalogue area it serves where one is. */
  name: string;
  register: (ctx: AreaContext) => Promise<void>;
}

/** Types an area plugin (areas/<area>/index.ts). */
export function defineArea(area: Area): Area {
  return area;
}
