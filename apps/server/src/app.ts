import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AreaContext, AreaDemo } from './areas/area';
import { areas } from './areas/index';
import { createAccountServices } from './core/accounts/accounts';
import { createCustomerRecords } from './core/accounts/customer-records';
import { createGuards, type Guards, keepSignedInAnswersPrivate } from './core/accounts/guard';
import { passwordWork } from './core/accounts/passwords';
import { accountsRoutes } from './core/accounts/routes';
import { createSessionService } from './core/accounts/sessions';
import { createTokenSigner } from './core/accounts/tokens';
import { createApplicationDocuments } from './core/applications/application-documents';
import { createApplicationService } from './core/applications/application-service';
import { createApplicationComments } from './core/applications/comments';
import { issueDemoApplicationDocuments } from './core/applications/demo-applications';
import { createPublicPages, publicPageRoutes } from './core/applications/public-pages';
import { createQuotes } from './core/applications/quotes';
import { createReferenceChoices } from './core/applications/reference-choices';
import { applicationRoutes } from './core/applications/routes';
import { createStatusSms } from './core/applications/status-sms';
import { createBillService } from './core/bills/bill-service';
import { billRoutes } from './core/bills/routes';
import { createStandingCharges } from './core/bills/standing-charges';
import { clientErrorRoutes } from './core/client-errors/routes';
import { registerCountyLists } from './core/county/county-lists';
import { createCountyService } from './core/county/county-service';
import { createReferenceItems } from './core/county/reference-items';
import { countyRoutes } from './core/county/routes';
import { billNoPrefixOf } from './core/county/seed';
import { issueDemoDocuments } from './core/documents/demo-documents';
import { createDocumentService } from './core/documents/document-service';
import { createInvoiceDocuments } from './core/documents/invoice-documents';
import { documentRoutes } from './core/documents/routes';
import type { DocumentRow } from './core/documents/schema';
import { createDraftService } from './core/drafts/draft-service';
import { draftRoutes } from './core/drafts/routes';
import { healthRoutes } from './core/health/routes';
import { createBillDocuments } from './core/payments/bill-documents';
import { billDocumentRoutes } from './core/payments/document-routes';
import { createPaymentService } from './core/payments/payment-service';
import { paymentRoutes } from './core/payments/routes';
import { createPaymentPlans } from './core/plans/plan-service';
import { paymentPlanRoutes } from './core/plans/routes';
import { createRenewals } from './core/renewals/renewals';
import { renewalRoutes } from './core/renewals/routes';
import { renewalUssd } from './core/renewals/ussd';
import { auditDeclaredRoutes } from './core/staff/audited-routes';
import { createBackOffice } from './core/staff/backoffice-service';
import { createOfficerService } from './core/staff/officer-service';
import { createRevenueReports } from './core/staff/revenue-service';
import { staffRoutes } from './core/staff/routes';
import { createFeeChanges } from './core/tariffs/fee-changes';
import { tariffRoutes } from './core/tariffs/routes';
import { ticketRoutes } from './core/tickets/routes';
import { createTicketService } from './core/tickets/ticket-service';
import { ticketUssdServices } from './core/tickets/ussd';
import { uploadRoutes } from './core/uploads/routes';
import { createUploadService } from './core/uploads/upload-service';
import { ussdRoutes } from './core/ussd/routes';
import { createUssd } from './core/ussd/ussd-service';
import { verificationRoutes } from './core/verification/routes';
import { createVerificationService } from './core/verification/verification-service';
import type { Config } from './platform/config';
import type { Database } from './platform/db/database';
import { trackAllowedMethods } from './platform/http/allowed-methods';
import { refuseControlCharacters } from './platform/http/control-characters';
import { answerClientError, answerFrameworkError, registerErrorHandler } from './platform/http/error-handler';
import { registerOpenApi } from './platform/http/openapi';
import { registerRateLimit } from './platform/http/rate-limit';
import { registerRequestContext, requestIdFor, requestScopedLogger } from './platform/http/request-context';
import { loggerOptions, registerRequestLog } from './platform/http/request-log';
import { registerWebApp } from './platform/http/web-app';
import { registerMetrics } from './platform/metrics';
import { createDarajaClient } from './platform/mpesa/daraja-client';
import { periodicJobs } from './platform/periodic';
import { loadKeyRing } from './platform/signing/key-ring';
import { createSmsGateway } from './platform/sms/create-sms-gateway';
import { smsOutboxRoutes } from './platform/sms/outbox-routes';
import { createStorage } from './platform/storage';

export interface AppOptions {
  config: Config;
  database: Database;
  /** false in tests that want a quiet run; otherwise pino at config.logLevel. */
  logger?: boolean;
  /** Where the log lines go (default stdout); tests read them to prove what is never logged. */
  logStream?: { write(line: string): void };
}

/**
 * Builds the whole server. The order matters and is fixed:
 *  1. platform: validation, errors, cookies, rate limits, OpenAPI — before any route, because
 *     routes are validated, documented and limited by them when they are added;
 *  2. core: the pipeline every service shares (county, accounts, applications, bills,
 *     payments, documents, verification) — areas build on these services;
 *  3. areas: what only one service area needs (land, ...);
 *  4. the web app and its SPA fallback — last, so it only answers what no route claimed.
 */
export async function buildApp({
  config,
  database,
  logger = true,
  logStream,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? loggerOptions(config.logLevel, logStream) : false,
    // One line per request is written by registerRequestLog (method, route, status, duration, id).
    logController: new LogController({ disableRequestLogging: true }),
    // The caller's X-Request-Id when it looks like an id (request-context.ts), else a new one.
    requestIdHeader: false,
    genReqId: requestIdFor,
    // Only the configured proxies may say who the client is (TRUST_PROXY): a number of hops
    // trusts that many from the socket inwards, never every hop.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();

  // 1. platform
  // JSON is read as JSON only: a body sent as text/plain is a 415 (as documented), not a string
  // the schema then refuses with a 400. No route takes text.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  const allowedMethods = trackAllowedMethods(app);
  registerRequestLog(app);
  registerRequestContext(app);
  // Lines written by the clients of outside services carry the id of the request they serve.
  const scopedLog = requestScopedLogger(app.log);
  // Prometheus metrics: counted always, served at /metrics only with METRICS_TOKEN.
  registerMetrics(app, config.metricsToken);
  refuseControlCharacters(app);
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    // HTTPS (directly, or said by a trusted proxy): browsers keep to it for a year.
    if (request.protocol === 'https')
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    done(null, payload);
  });
  await app.register(fastifyCookie);
  const redis = await registerRateLimit(app, config.redisUrl);
  await registerOpenApi(app, config.publicUrl);
  // Uploads: one file per request, at most config.uploads.maxBytes (routes in core/uploads).
  await app.register(fastifyMultipart, {
    limits: { fileSize: config.uploads.maxBytes, files: 1, fields: 5, parts: 6 },
  });

  // 2. core
  const db = database.db;
  const county = createCountyService(db);
  const signer = createTokenSigner(config.jwtSecret);
  // Verified sessions are remembered in memory: on the embedded database this process is its only
  // client; on PostgreSQL the instances tell one another what they revoke (sessions.ts).
  const sessions = createSessionService(db, signer, {
    remember: database.listen ? { listen: database.listen } : 'process',
  });
  app.addHook('onClose', async () => sessions.close());
  // Sign-ins are CPU-bound (argon2id): bounded, so a burst of them cannot starve the rest.
  passwordWork.configure(config.passwordWork);
  const sessionGuards = createGuards(signer, sessions);
  keepSignedInAnswersPrivate(app);
  // Staff reads of personal data, exports and refused decisions: audited as the routes declare.
  auditDeclaredRoutes(app, db);
  // County officers: roles and areas; `guards.can(permission)` guards every back-office route.
  const officers = createOfficerService({ db, guards: sessionGuards, sessions });
  const guards: Guards = { ...sessionGuards, can: officers.can };
  const sms = createSmsGateway(config, db, scopedLog);
  // Areas add the county records that know customers (e.g. parcel owners): customerRecords.add(...).
  const customerRecords = createCustomerRecords();
  const accounts = createAccountServices({
    db,
    sms: sms.gateway,
    sessions,
    county,
    customerRecords,
    secret: config.jwtSecret,
    // Called at request time, once the engine's uploads (below) exist.
    isOwnImage: (userId, uploadId) => uploads.isOwnImage(userId, uploadId),
  });
  // Uploaded files' bytes: local disk, or an S3-compatible store shared by every instance.
  const storage = await createStorage(config.uploads);
  await app.register(healthRoutes({ database, redis, storage }));
  await app.register(clientErrorRoutes());
  // The reference data lists the service folders declare (clinics, grounds, markets…).
  const references = createReferenceItems(db);
  await app.register(countyRoutes({ county, references, maxPaymentCents: config.mpesa.maxPaymentCents }));
  await app.register(
    accountsRoutes({
      ...accounts,
      guards,
      smsOutbox: sms.outbox !== undefined && config.devOutbox,
      exemptLoopback: !config.isProduction,
      admitToBackOffice: officers.admit,
    }),
  );
  // Development only, by an explicit flag (KAUNTI_DEV_OUTBOX, which production refuses): the
  // SMS outbox route lets anyone read anyone's codes, so it exists only when asked for.
  if (sms.outbox && config.devOutbox) await app.register(smsOutboxRoutes({ outbox: sms.outbox }));

  // Documents and E-Verify: the signing keys, the register of issued documents (bills and
  // payments issue invoices and receipts through `documents` / createInvoiceDocuments), the
  // public checks. Demo documents are issued here, not in seed.ts, because they are signed with
  // this server's keys.
  const keyRing = await loadKeyRing({
    signingKeys: config.signingKeys,
    dataDir: config.dataDir,
    env: config.env,
  });
  const documents = createDocumentService({ db, signer: keyRing, county, publicUrl: config.publicUrl });
  const verification = createVerificationService({ db, county, publicUrl: config.publicUrl });
  const demoDocuments = config.demoData ? await issueDemoDocuments(documents) : undefined;
  await app.register(documentRoutes({ documents, keyRing, guards }));

  // The service engine: uploads, drafts, bills and applications (every catalogue service).
  const uploads = createUploadService({ db, storage });
  const drafts = createDraftService({ db });
  const bills = createBillService({ db, prefix: billNoPrefixOf(config) });
  // Standing charges (decision 028): what an area owes monthly (county rent, stall rent), raised
  // by one job below; their bills are bills like any other.
  const standing = createStandingCharges({ db, bills });
  // An application made `issued` gets its document in the same transaction.
  // Reference lists' choices by name: each module that owns a list registers where its choices
  // come from (county: sub-counties and wards; land: land uses, zones...).
  const choices = createReferenceChoices();
  registerCountyLists(choices, county, references);
  const applicationDocuments = createApplicationDocuments({
    db,
    documents,
    county,
    publicUrl: config.publicUrl,
    secret: config.jwtSecret,
  });
  const applications = createApplicationService({
    db,
    bills,
    uploads,
    drafts,
    documents: applicationDocuments,
    choices,
  });
  // The citizen's SMS at each step: payment received, approved, issued (whoever moved it).
  applications.onStatusChanged(
    createStatusSms({ db, sms: sms.gateway, links: applicationDocuments, log: scopedLog }),
  );
  // Renewable documents (decision 040): /permits, renewals and reminders for every service the
  // catalogue flags renewable; an area may keep its own (the business area: a business's permits).
  const renewals = createRenewals({
    db,
    applications,
    links: applicationDocuments,
    sms: sms.gateway,
    publicUrl: config.publicUrl,
    countyName: async () => (await county.get()).name,
  });
  await app.register(renewalRoutes({ renewals, guards }));
  await app.register(uploadRoutes({ uploads, guards, maxBytes: config.uploads.maxBytes }));
  await app.register(draftRoutes({ drafts, guards }));
  await app.register(billRoutes({ bills, guards }));
  // An issued document's public page (an event's: GET /api/events/{id}).
  await app.register(publicPageRoutes({ pages: createPublicPages({ db }) }));
  const comments = createApplicationComments({ db });
  await app.register(
    applicationRoutes({
      applications,
      quotes: createQuotes({ db, choices }),
      documents: applicationDocuments,
      comments,
      guards,
    }),
  );
  // The back office: the queue, decisions, officers and the audit log (core/staff).
  const backOffice = createBackOffice({
    db,
    applications,
    documents: applicationDocuments,
    bills,
    storage,
    sms: sms.gateway,
    publicUrl: config.publicUrl,
    log: app.log,
    choices,
    comments,
  });
  const staffRouteDeps = { db, guards, officers, backOffice, accounts, bills, applications };

  // Payments by M-Pesa (the Daraja client: the simulator in development, Safaricom in
  // production), the invoice and receipt of each bill, and the reconciliation job that queries
  // payments whose callback has not arrived (every 15 s while the server is up).
  const daraja = createDarajaClient(config.mpesa, { log: scopedLog });
  const payments = createPaymentService({
    db,
    bills,
    applications,
    daraja,
    publicUrl: config.publicUrl,
    callbackSecret: config.mpesa.callbackSecret,
    log: scopedLog,
    maxPaymentCents: config.mpesa.maxPaymentCents,
    secondOfficerAboveCents: config.revenue.secondOfficerAboveCents,
  });
  await app.register(
    staffRoutes({ ...staffRouteDeps, payments, reports: createRevenueReports({ db: database.reports }) }),
  );
  await app.register(tariffRoutes({ guards, feeChanges: createFeeChanges({ db }) }));
  const invoices = createInvoiceDocuments({
    documents,
    county,
    publicUrl: config.publicUrl,
    secret: config.jwtSecret,
  });
  await app.register(
    paymentRoutes({
      payments,
      guards,
      callbackSecret: config.mpesa.callbackSecret,
      previousCallbackSecret: config.mpesa.previousCallbackSecret,
    }),
  );
  const billDocuments = createBillDocuments({ db, bills, invoices, documents });
  await app.register(billDocumentRoutes({ documents: billDocuments, guards }));
  // Periodic jobs: started when the app is ready, each waited for when it closes; core's here,
  // each area's from its registration (ctx.every).
  const jobs = periodicJobs(app, db);
  jobs.start(() => payments.startReconciliation(15_000));
  // Housekeeping: the sign-in and SMS limit counters whose windows have ended (every 10 min).
  jobs.every({
    name: 'auth throttle pruning',
    intervalMs: 10 * 60_000,
    task: async () => {
      const deleted = await accounts.throttle.prune();
      if (deleted > 0) app.log.info({ deleted }, 'ended sign-in limit counters deleted');
    },
  });
  // Standing charges: each month's charges (the 1st) and late penalties, once across instances
  // (every hour; a month missed while no instance ran is caught up).
  jobs.every({
    name: 'standing charges',
    intervalMs: 60 * 60_000,
    task: async () => {
      const raised = await standing.raiseDue();
      if (raised.charges + raised.penalties > 0) app.log.info(raised, 'standing charges raised');
    },
  });
  // Bookings not paid in time (decision 031): cancelled with their bills, so what they
  // booked is free again (every five minutes; the next booking of the same slot does not wait).
  jobs.every({
    name: 'booking holds',
    intervalMs: 5 * 60_000,
    task: async () => {
      const cancelled = await applications.expireUnpaidBookings();
      if (cancelled > 0) app.log.info({ cancelled }, 'unpaid bookings released');
    },
  });
  // Uploads a killed process left half-done (a partial file, or a file whose row was never
  // written): swept every hour, once they are a day old.
  jobs.every({
    name: 'upload sweep',
    intervalMs: 60 * 60_000,
    task: async () => {
      const removed = await uploads.sweep(24 * 60 * 60_000);
      if (removed.orphans + removed.partials > 0) app.log.info(removed, 'left-over upload files removed');
    },
  });
  // Reminders by SMS, 30 and 7 days before a permit or licence expires (decision 040): every
  // hour, each once — the accounts' licences and every holder area's (a business's permits).
  jobs.every({
    name: 'permit reminders',
    intervalMs: 60 * 60_000,
    task: async () => {
      const sent = await renewals.sendReminders();
      if (sent > 0) app.log.info({ sent }, 'permit expiry reminders sent');
    },
  });
  app.addHook('onReady', async () => {
    // Development only, against the simulator: register the C2B URLs so paybill payments work
    // with no set-up. Never against Safaricom (an operator registers once per deployment).
    if (config.mpesa.simulator && !config.isProduction && config.env !== 'test') {
      void payments.registerC2bUrlsInBackground();
    }
  });

  // Payment plans (decision 037): arrears of any standing charge or overdue bill in monthly
  // instalments; their bills, missed instalments and reminders by one job, once across instances.
  const plans = createPaymentPlans({
    db,
    bills,
    standing,
    documents,
    links: applicationDocuments,
    county,
    sms: sms.gateway,
    publicUrl: config.publicUrl,
    limits: config.paymentPlans,
    log: scopedLog,
  });
  await app.register(paymentPlanRoutes({ plans, guards }));
  jobs.every({
    name: 'payment plans',
    intervalMs: 60 * 60_000,
    task: async () => {
      const done = await plans.runDue();
      if (done.billed + done.missed + done.reminded > 0) app.log.info(done, 'payment plans run');
    },
  });
  // Tickets bought with no account (workflow "ticket": market cess, public toilets), their
  // routes from the catalogue (decision 032).
  const tickets = createTicketService({
    db,
    bills,
    payments,
    documents,
    links: applicationDocuments,
    choices,
    county,
    sms: sms.gateway,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  await app.register(ticketRoutes({ tickets, guards }));
  // Feature phones (issue 42): one USSD menu over the same catalogue, rules and payments; the
  // flagged services' screens come from their definitions, an area adds what a form cannot say.
  const ussd = createUssd({
    db,
    county,
    bills,
    payments,
    documents,
    verification,
    choices,
    secret: config.jwtSecret,
    log: app.log,
  });

  // 3. areas: each registers itself on the core (areas/index.ts, decision 041).
  const demos: AreaDemo[] = [];
  const context: AreaContext = {
    config,
    db,
    log: app.log,
    guards,
    county,
    references,
    customerRecords,
    accounts,
    bills,
    standing,
    applications,
    comments,
    backOffice,
    choices,
    documents,
    links: applicationDocuments,
    invoiceLink: billDocuments.invoiceLinkFor,
    payments,
    tickets,
    ussd,
    renewals,
    sms: sms.gateway,
    offers: {},
    routes: async (plugin) => {
      await app.register(plugin);
    },
    every: jobs.every,
    demo: (demo) => {
      demos.push(demo);
    },
  };
  for (const area of areas) await area.register(context);

  // The ticket services flagged for USSD (market cess): paid through the ticket engine's own
  // path, after the areas' services on the menu.
  for (const service of ticketUssdServices({ db, tickets, choices })) ussd.addService(service);
  // Under "My account": renewing a permit or licence the calling phone's account holds (decision 033).
  ussd.addAccountMenu(
    renewalUssd({ permits: renewals, payments, accountOf: ussd.accountOf, paidScreen: ussd.paidScreen }),
  );
  const unpaidOnUssd = ussd.unpaid();
  if (unpaidOnUssd.length > 0)
    throw new Error(`No module pays for the USSD services ${unpaidOnUssd.join(', ')}`);
  await app.register(ussdRoutes({ ussd, secret: config.ussdSecret, devDial: config.devOutbox }));
  const unanswered = choices.unanswered();
  if (unanswered.length > 0)
    throw new Error(`No module answers the reference lists ${unanswered.join(', ')}`);

  // E-Verify's other checks, and with demo data the samples: the demo documents above, and an
  // issued application of every service that issues a document (printable page and PDF too).
  const demoApplicationDocuments: DocumentRow[] = [];
  if (config.demoData) {
    demoApplicationDocuments.push(
      ...(await issueDemoApplicationDocuments({
        db,
        documents: applicationDocuments,
        // Services whose area issues its own demo (the business area: permits of every age).
        skip: new Set(demos.flatMap((demo) => demo.issuesItself ?? [])),
      })),
    );
    for (const demo of demos) demoApplicationDocuments.push(...((await demo.run()) ?? []));
  }
  await app.register(
    verificationRoutes({
      verification,
      guards,
      publicUrl: config.publicUrl,
      ...(demoDocuments
        ? {
            demo: {
              db,
              documents,
              issued: demoDocuments,
              applicationDocuments: demoApplicationDocuments,
              links: applicationDocuments,
              invoiceLinks: (id: string) => invoices.publicLinks(id),
            },
          }
        : {}),
    }),
  );

  // 4. the web app
  await registerWebApp(
    app,
    config.webDist,
    async () => {
      const data = await county.get();
      return {
        title: data.portal_name,
        data: { county: { ...data, mpesa_max_payment_cents: config.mpesa.maxPaymentCents } },
      };
    },
    allowedMethods,
    { serviceWorker: config.serviceWorker },
  );
  return app;
}
