import { changePasswordRequestSchema } from '@kaunti/contract/api-accounts';
import {
  addCommentRequestSchema,
  applicationCommentSchema,
  applicationCommentsResponseSchema,
  applicationNoSchema,
} from '@kaunti/contract/api-applications';
import {
  auditEntrySchema,
  auditQuerySchema,
  auditResponseSchema,
  collectionsQuerySchema,
  collectionsSchema,
  decisionSchema,
  matchPaymentSchema,
  matchResultSchema,
  OFFICER_AREAS,
  officerRoleSchema,
  officerSchema,
  queueQuerySchema,
  queueResponseSchema,
  revenueReasonSchema,
  staffApplicationSchema,
  unmatchedListSchema,
} from '@kaunti/contract/api-staff';
import { errorBodySchema } from '@kaunti/contract/errors';
import { newPasswordSchema } from '@kaunti/contract/password';
import { phoneSchema } from '@kaunti/contract/phone';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db/database';
import type { AccountServices } from '../accounts/accounts';
import { currentUser, type Guards } from '../accounts/guard';
import { users } from '../accounts/schema';
import type { ApplicationService } from '../applications/application-service';
import { auditLog } from '../audit/schema';
import type { BillService } from '../bills/bill-service';
import type { PaymentService } from '../payments/payment-service';
import type { AuditedRoute } from './audited-routes';
import type { BackOffice } from './backoffice-service';
import { currentOfficer, type OfficerService } from './officer-service';
import { collectionsCsv, type RevenueReports } from './revenue-service';

const applicationParams = z.object({ application_no: applicationNoSchema });
/** An application's routes are audited by its number (core/staff/audited-routes.ts). */
const applicationAudit = {
  entityType: 'application',
  entityId: (request: FastifyRequest) =>
    String((request.params as { application_no?: string }).application_no ?? '').toUpperCase(),
} satisfies AuditedRoute;
const paymentAudit = {
  entityType: 'payment',
  entityId: (request: FastifyRequest) => String((request.params as { payment_id?: string }).payment_id),
  refused: 'decision.refused',
} satisfies AuditedRoute;

const createOfficerSchema = z
  .object({
    first_name: z.string().trim().min(1, 'Please enter the first name').max(50),
    sur_name: z.string().trim().min(1, 'Please enter the surname').max(50),
    phone_number: phoneSchema,
    identifier: z.string().trim().toUpperCase().min(4, 'Please enter the national ID number').max(20),
    email: z.email('Please enter a valid e-mail address'),
    staff_no: z.string().trim().max(20).optional(),
    roles: z.array(officerRoleSchema).min(1, 'Choose at least one role'),
    areas: z.array(z.enum(OFFICER_AREAS)).min(1, 'Choose at least one service area'),
    start_password: newPasswordSchema,
  })
  .meta({ id: 'CreateOfficer' })
  .meta({
    examples: [
      {
        first_name: 'Njeri',
        sur_name: 'Wambui',
        phone_number: '0700000121',
        identifier: '30000121',
        email: 'njeri.wambui@nairobi.go.ke',
        staff_no: 'NCC/0121',
        roles: ['reviewer'],
        areas: ['land'],
        start_password: 'Start#Kaunti2026',
      },
    ],
  });

const updateOfficerSchema = z
  .object({
    roles: z.array(officerRoleSchema).min(1).optional(),
    areas: z.array(z.enum(OFFICER_AREAS)).min(1).optional(),
    active: z.boolean().optional(),
  })
  .meta({ id: 'UpdateOfficer' })
  .meta({ examples: [{ active: false }] });

/**
 * The back office's routes. Every one is guarded by a permission of the officer's roles
 * (contract/api-staff.ts), and everything about an application also by the officer's areas.
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
  const { guards, officers, backOffice } = deps;
  return async (app) => {
    const tags = ['staff'];

    app.get(
      '/api/staff/me',
      {
        onRequest: officers.requireOfficer,
        schema: {
          operationId: 'getCurrentOfficer',
          tags,
          summary: 'The signed-in officer: roles, areas, permissions',
          description:
            'What the back office shows depends on this. `must_set_password` is true until the officer has ' +
            'replaced the start password an administrator gave (POST /api/staff/password); until then every ' +
            'other back-office route answers 403.',
          response: { 200: officerSchema.extend({ must_set_password: z.boolean() }) },
        },
      },
      async (request) => {
        const officer = currentOfficer(request);
        const [me] = await officers.list(officer.userId);
        return { ...me!, must_set_password: officer.mustSetPassword };
      },
    );

    app.post(
      '/api/staff/password',
      {
        onRequest: officers.requireOfficer,
        schema: {
          operationId: 'changeOfficerPassword',
          tags,
          summary: 'An officer sets their own password (first of all, after an administrator created them)',
          description:
            'Checks the current (start) password, sets the new one, ends every other session of the officer, ' +
            'and opens the back office.',
          body: changePasswordRequestSchema,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const result = await deps.accounts.profile.changePassword(
          user.id,
          user.sessionId,
          request.body.current_password,
          request.body.new_password,
          { requestId: request.id, ip: request.ip, userAgent: request.headers['user-agent'] },
        );
        await officers.passwordSet(user.id);
        return { message: result.message };
      },
    );

    app.get(
      '/api/staff/applications',
      {
        onRequest: guards.can('applications.read'),
        // A search by a person's ID number, phone or KRA PIN reads whom it names: audited (the words searched kept).
        config: {
          audit: {
            entityType: 'applications',
            entityId: () => 'search',
            answered: (request) =>
              (request.query as { q?: string }).q?.trim() ? 'applications.searched' : null,
            data: (request) => ({ q: (request.query as { q?: string }).q?.trim() }),
          },
        },
        schema: {
          operationId: 'listStaffApplications',
          tags,
          summary: 'The queue: applications in your areas, oldest first, with counts by status',
          description:
            'Filters: `status` (default under_review; none when searching), `area`, `service_id`, and `q` — ' +
            'an application number, bill number, phone number, ID number or KRA PIN. `counts` gives the ' +
            'applications by status in your areas (for the search, when there is one).',
          querystring: queueQuerySchema,
          response: { 200: queueResponseSchema },
        },
      },
      async (request) => backOffice.queue(currentOfficer(request), request.query),
    );

    app.get(
      '/api/staff/applications/:application_no',
      {
        onRequest: guards.can('applications.read'),
        config: { audit: { ...applicationAudit, answered: 'application.viewed' } },
        schema: {
          operationId: 'getStaffApplication',
          tags,
          summary: 'One application in full: values, uploads, bill, payments, history, decisions allowed',
          description:
            'Every value under its field label, each upload with a link to view it inline, the bill and its ' +
            'payments, the history (who, when, from, to, why), the issued document, and `allowed`: the ' +
            'decisions you may take now. An application outside your areas is a 403.',
          params: applicationParams,
          response: { 200: staffApplicationSchema },
        },
      },
      async (request) => backOffice.get(currentOfficer(request), request.params.application_no),
    );

    app.post(
      '/api/staff/applications/:application_no/status',
      {
        onRequest: guards.can('applications.read'),
        config: {
          audit: {
            ...applicationAudit,
            refused: 'decision.refused',
            data: (request) => ({ decision: (request.body as { status?: unknown } | undefined)?.status }),
          },
        },
        schema: {
          operationId: 'setApplicationStatus',
          tags,
          summary: 'Decide: ask for more information, approve, reject or issue — always with a reason',
          description:
            'Through the one status table: a decision from a wrong status is a 409 (`illegal_transition`). ' +
            'Your role must allow the decision (403), the application must be in your areas (403), you cannot ' +
            'decide your own application, and the officer who approved it cannot also issue it (403, four ' +
            'eyes). Issuing issues the document in the same transaction. The applicant is told by SMS when ' +
            'more information is needed, when it is rejected (with the reason) and when it is issued.',
          params: applicationParams,
          body: decisionSchema,
          response: { 200: staffApplicationSchema, 404: errorBodySchema, 409: errorBodySchema },
        },
      },
      async (request) =>
        backOffice.decide(currentOfficer(request), request.params.application_no, request.body, request.id),
    );

    app.get(
      '/api/staff/applications/:application_no/comments',
      {
        onRequest: guards.can('applications.read'),
        schema: {
          operationId: 'listStaffApplicationComments',
          tags,
          summary: 'The comments between the applicant and officers on an application, oldest first',
          description: 'The application must be in your service areas (403).',
          params: applicationParams,
          response: { 200: applicationCommentsResponseSchema, 403: errorBodySchema, 404: errorBodySchema },
        },
      },
      async (request) => ({
        data: await backOffice.comments(currentOfficer(request), request.params.application_no),
      }),
    );

    app.post(
      '/api/staff/applications/:application_no/comments',
      {
        onRequest: guards.can('applications.request_info'),
        config: { rateLimit: { max: 60, timeWindow: '10 minutes' } },
        schema: {
          operationId: 'addStaffApplicationComment',
          tags,
          summary: 'Write a comment to the applicant on an application in your areas',
          description:
            'Officers who handle applications (reviewers, approvers) in your areas (403), never on your own application; up to 1,000 characters, while the application is open (409 once it is closed). The applicant reads it on their applications page.',
          params: applicationParams,
          body: addCommentRequestSchema,
          response: {
            201: applicationCommentSchema,
            400: errorBodySchema,
            403: errorBodySchema,
            404: errorBodySchema,
            409: errorBodySchema,
          },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await backOffice.comment(
              currentOfficer(request),
              request.params.application_no,
              request.body.body,
              request.id,
            ),
          ),
    );

    app.get(
      '/api/staff/applications/:application_no/uploads/:id',
      {
        onRequest: guards.can('applications.read'),
        // A view is audited by the back office once the file is found (upload.viewed); a refusal here.
        config: { audit: { ...applicationAudit, refused: 'upload.refused' } },
        schema: {
          operationId: 'getStaffApplicationUpload',
          tags,
          summary: "View one of an application's uploads inline",
          description:
            "Only officers of the application's area, and only a file the application names. Each view is in the audit log.",
          params: applicationParams.extend({ id: z.uuid({ message: 'Not found.' }) }),
          produces: ['image/jpeg', 'image/png', 'application/pdf'],
          response: { 200: z.any().describe('The file'), 404: errorBodySchema },
        },
      },
      async (request, reply) => {
        const file = await backOffice.upload(
          currentOfficer(request),
          request.params.application_no,
          request.params.id,
        );
        return reply
          .header('content-type', file.contentType)
          .header('content-length', String(file.size))
          .header('content-disposition', `inline; filename="${file.name.replace(/["\\]/g, '')}"`)
          .header('cache-control', 'private, no-store')
          .header('content-security-policy', "default-src 'none'; img-src 'self'; object-src 'self'; sandbox")
          .send(file.body);
      },
    );

    app.get(
      '/api/staff/officers',
      {
        onRequest: guards.can('officers.manage'),
        schema: {
          operationId: 'listOfficers',
          tags,
          summary: 'Officer accounts (administrators)',
          description: 'Every officer with roles, areas and whether the account is active.',
          response: { 200: z.object({ data: z.array(officerSchema) }) },
        },
      },
      async () => ({ data: await officers.list() }),
    );

    app.post(
      '/api/staff/officers',
      {
        onRequest: guards.can('officers.manage'),
        schema: {
          operationId: 'createOfficer',
          tags,
          summary: 'Create an officer account (administrators)',
          description:
            'No self sign-up for officers. The officer signs in at /staff/login with the start password and ' +
            'the SMS code, and must set their own password before anything else. A phone or ID number already ' +
            'in use is a 409.',
          body: createOfficerSchema,
          response: { 201: officerSchema, 409: errorBodySchema },
        },
      },
      async (request, reply) => {
        const body = request.body;
        const officer = await officers.create(
          {
            firstName: body.first_name,
            surName: body.sur_name,
            phoneNumber: body.phone_number,
            identifier: body.identifier,
            email: body.email,
            staffNo: body.staff_no ?? null,
            roles: body.roles,
            areas: body.areas,
            startPassword: body.start_password,
          },
          { type: 'staff', id: currentUser(request).id },
          request.id,
        );
        return reply.status(201).send(officer);
      },
    );

    app.patch(
      '/api/staff/officers/:id',
      {
        onRequest: guards.can('officers.manage'),
        config: {
          audit: {
            entityType: 'officer',
            entityId: (request) => String((request.params as { id?: string }).id),
            refused: 'decision.refused',
          },
        },
        schema: {
          operationId: 'updateOfficer',
          tags,
          summary: "Change an officer's roles or areas, or deactivate the account (administrators)",
          description:
            'Deactivating ends every session of the officer at once. You cannot change your own roles.',
          params: z.object({ id: z.uuid({ message: 'Not found.' }) }),
          body: updateOfficerSchema,
          response: { 200: officerSchema, 404: errorBodySchema },
        },
      },
      async (request) =>
        officers.update(
          request.params.id,
          request.body,
          { type: 'staff', id: currentUser(request).id },
          request.id,
        ),
    );

    // Revenue ---------------------------------------------------------------------------------
    app.get(
      '/api/staff/revenue/unmatched',
      {
        onRequest: guards.can('revenue.manage'),
        // Payers' phone numbers and names.
        config: {
          audit: { entityType: 'payments', entityId: () => 'unmatched', answered: 'unmatched.viewed' },
        },
        schema: {
          operationId: 'listUnmatchedPayments',
          tags,
          summary: 'Paid money that reached no bill, oldest first (revenue officers)',
          description:
            'Paybill payments whose account number is no open bill (a typo, a cancelled bill), money M-Pesa ' +
            'confirmed beyond an STK prompt, confirmed with Daraja and waiting for an officer to match them ' +
            'to a bill or mark them for refund; with any match above `second_officer_above_cents` waiting ' +
            'for a second revenue officer.',
          response: { 200: unmatchedListSchema },
        },
      },
      async () => ({
        data: (await deps.payments.listUnmatched()).map(({ row: p, proposal }) => ({
          payment_id: p.id,
          account_typed: p.billNo,
          reason: p.unmatchedReason ?? 'unknown_bill',
          amount_cents: p.amountPaidCents ?? p.amountRequestedCents,
          phone_number: p.phoneNumber,
          payer_name: p.payerName,
          mpesa_receipt_number: p.mpesaReceiptNumber,
          paid_at: (p.completedAt ?? p.createdAt).toISOString(),
          proposal: proposal
            ? {
                bill_no: proposal.billNo,
                proposed_by: proposal.proposedBy,
                proposed_by_name: proposal.proposedByName,
                reason: proposal.reason,
                proposed_at: proposal.proposedAt.toISOString(),
              }
            : null,
        })),
        second_officer_above_cents: deps.payments.secondOfficerAboveCents,
      }),
    );

    const paymentParams = z.object({ payment_id: z.uuid({ message: 'Not found.' }) });
    app.post(
      '/api/staff/revenue/unmatched/:payment_id/match',
      {
        onRequest: guards.can('revenue.manage'),
        config: { audit: paymentAudit },
        schema: {
          operationId: 'matchPayment',
          tags,
          summary: 'Credit unmatched money to a bill, with the reason (revenue officers)',
          description:
            'Applied exactly once: a payment already matched or marked for refund is a 409, as is a cancelled ' +
            "bill; an unknown bill is a 404; a bill of the officer's own account is a 403. Above the " +
            'second-officer amount (REVENUE_SECOND_OFFICER_ABOVE) it is only proposed ' +
            '(`awaiting_second_officer`) until another revenue officer confirms it. A paid bill moves its ' +
            'application on as a payment would.',
          params: paymentParams,
          body: matchPaymentSchema,
          response: { 200: matchResultSchema, 404: errorBodySchema, 409: errorBodySchema },
        },
      },
      async (request) => {
        const result = await deps.payments.matchUnmatched(
          request.params.payment_id,
          request.body.bill_no,
          currentUser(request).id,
          request.body.reason,
          request.id,
        );
        return {
          status: result.status,
          bill_no: result.billNo,
          amount_cents: result.amountCents,
          bill_status: result.billStatus,
        };
      },
    );

    app.post(
      '/api/staff/revenue/unmatched/:payment_id/match/confirm',
      {
        onRequest: guards.can('revenue.manage'),
        config: { audit: paymentAudit },
        schema: {
          operationId: 'confirmPaymentMatch',
          tags,
          summary: 'Confirm a match another revenue officer proposed (revenue officers)',
          description:
            'Four eyes: the officer who proposed it, or one whose account holds the bill, is a 403. The money is ' +
            'credited then, exactly once; a payment with no match waiting is a 409.',
          params: paymentParams,
          response: { 200: matchResultSchema, 404: errorBodySchema, 409: errorBodySchema },
        },
      },
      async (request) => {
        const result = await deps.payments.confirmMatch(
          request.params.payment_id,
          currentUser(request).id,
          request.id,
        );
        return {
          status: result.status,
          bill_no: result.billNo,
          amount_cents: result.amountCents,
          bill_status: result.billStatus,
        };
      },
    );

    app.post(
      '/api/staff/revenue/unmatched/:payment_id/match/refuse',
      {
        onRequest: guards.can('revenue.manage'),
        config: { audit: paymentAudit },
        schema: {
          operationId: 'refusePaymentMatch',
          tags,
          summary: 'Refuse (or withdraw) a proposed match, with the reason (revenue officers)',
          description: 'The money is unmatched again. A payment with no match waiting is a 409.',
          params: paymentParams,
          body: revenueReasonSchema,
          response: { 200: z.object({ message: z.string() }), 404: errorBodySchema, 409: errorBodySchema },
        },
      },
      async (request) => {
        await deps.payments.refuseMatch(
          request.params.payment_id,
          currentUser(request).id,
          request.body.reason,
          request.id,
        );
        return { message: 'The proposed match was refused: the money is unmatched again.' };
      },
    );

    app.post(
      '/api/staff/revenue/unmatched/:payment_id/refund',
      {
        onRequest: guards.can('revenue.manage'),
        config: { audit: paymentAudit },
        schema: {
          operationId: 'refundPayment',
          tags,
          summary: 'Mark unmatched money for refund to the payer, with the reason (revenue officers)',
          description: 'A payment already matched or marked is a 409.',
          params: paymentParams,
          body: revenueReasonSchema,
          response: { 200: z.object({ message: z.string() }), 404: errorBodySchema, 409: errorBodySchema },
        },
      },
      async (request) => {
        await deps.payments.markForRefund(
          request.params.payment_id,
          currentUser(request).id,
          request.body.reason,
          request.id,
        );
        return { message: 'Marked for refund.' };
      },
    );

    app.post(
      '/api/staff/bills/:bill_no/cancel',
      {
        onRequest: guards.can('revenue.manage'),
        config: {
          audit: {
            entityType: 'bill',
            entityId: (request) =>
              String((request.params as { bill_no?: string }).bill_no)
                .trim()
                .toUpperCase(),
            refused: 'decision.refused',
          },
        },
        schema: {
          operationId: 'cancelBill',
          tags,
          summary: 'Cancel a bill, with the reason (revenue officers)',
          description:
            'Only a bill with nothing paid (409 otherwise). An application waiting for its payment is ' +
            'cancelled with it, the reason in its history.',
          params: z.object({ bill_no: z.string().max(40) }),
          body: revenueReasonSchema,
          response: {
            200: z.object({ bill_no: z.string(), application_no: z.string().nullable() }),
            404: errorBodySchema,
            409: errorBodySchema,
          },
        },
      },
      async (request) => {
        const actor = { type: 'staff' as const, id: currentUser(request).id };
        const billNo = request.params.bill_no.trim().toUpperCase();
        const applicationNo = await deps.db.transaction(async (tx) => {
          await deps.bills.cancel(tx, billNo, actor, request.body.reason, request.id);
          return deps.applications.onBillCancelled(tx, billNo, actor, request.body.reason, request.id);
        });
        return { bill_no: billNo, application_no: applicationNo };
      },
    );

    app.get(
      '/api/staff/revenue/collections',
      {
        onRequest: guards.can('revenue.manage'),
        config: {
          audit: {
            entityType: 'report',
            entityId: () => 'collections',
            answered: (request) =>
              (request.query as { format?: string }).format === 'csv' ? 'report.exported' : 'report.viewed',
            data: (request) => {
              const { from, to, format } = request.query as { from?: string; to?: string; format?: string };
              return { from, to, format: format ?? 'json' };
            },
          },
        },
        schema: {
          operationId: 'getCollections',
          tags,
          summary: 'Collections by day, service area and sub-county, on screen or as CSV (revenue officers)',
          description:
            'Money credited to bills between `from` and `to` (Kenyan dates, at most a year). Its totals are ' +
            'the sums of the payments. `format=csv` answers a spreadsheet (amounts in shillings). A report ' +
            'may take longer than other requests: it has its own database limit (DATABASE_REPORT_TIMEOUT_MS, ' +
            'a minute by default) before it answers 503.',
          querystring: collectionsQuerySchema,
          produces: ['application/json', 'text/csv'],
          response: { 200: collectionsSchema },
        },
      },
      async (request, reply) => {
        const report = await deps.reports.collections(request.query.from, request.query.to);
        if (request.query.format === 'csv') {
          // A string is sent as it is (Fastify serializes only objects): the CSV the document
          // declares as text/csv; the typed reply knows only the JSON shape.
          return reply
            .type('text/csv; charset=utf-8')
            .header(
              'content-disposition',
              `attachment; filename="collections-${report.from}-to-${report.to}.csv"`,
            )
            .send(collectionsCsv(report) as never);
        }
        return report;
      },
    );

    app.get(
      '/api/staff/audit',
      {
        onRequest: guards.can('audit.read'),
        schema: {
          operationId: 'listAuditRecords',
          tags,
          summary: 'The audit log, newest first (auditors, administrators)',
          description: 'Filter by officer (`officer_id`), object (`entity_type`, `entity_id`) and `action`.',
          querystring: auditQuerySchema,
          response: { 200: auditResponseSchema },
        },
      },
      async (request) => {
        const q = request.query;
        const where: SQL[] = [];
        if (q.officer_id) where.push(eq(auditLog.actorId, q.officer_id));
        if (q.entity_type) where.push(eq(auditLog.entityType, q.entity_type));
        if (q.entity_id) where.push(eq(auditLog.entityId, q.entity_id));
        if (q.action) where.push(eq(auditLog.action, q.action));
        const rows = await deps.db
          .select({ entry: auditLog, firstName: users.firstName, surName: users.surName })
          .from(auditLog)
          .leftJoin(users, sql`${users.id}::text = ${auditLog.actorId}`)
          .where(where.length ? and(...where) : undefined)
          .orderBy(desc(auditLog.id))
          .limit(q.per_page)
          .offset((q.page - 1) * q.per_page);
        return {
          data: rows.map(({ entry: e, firstName, surName }) =>
            auditEntrySchema.parse({
              id: e.id,
              at: e.at.toISOString(),
              actor_type: e.actorType,
              actor_id: e.actorId,
              actor_name: firstName ? `${firstName} ${surName}` : null,
              entity_type: e.entityType,
              entity_id: e.entityId,
              action: e.action,
              from_state: e.fromState,
              to_state: e.toState,
              data: e.data,
            }),
          ),
          page: q.page,
          per_page: q.per_page,
        };
      },
    );
  };
}
