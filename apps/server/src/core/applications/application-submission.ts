import { findService } from '@kaunti/catalogue/catalogue';
import { findWorkflow } from '@kaunti/catalogue/registries/workflows';
import type { ApplicationStatus, ApplicationSubmitted } from '@kaunti/contract/api-applications';
import type { Bill } from '@kaunti/contract/api-bills';
import { eq } from 'drizzle-orm';
import { AppError, conflict, notFound } from '../../platform/errors';
import { type Actor, recordAudit } from '../audit/audit';
import { isOpenObligationClash } from '../bills/bill-service';
import { nextApplicationNo } from './application-transitions';
import type { ApplicationParts, SubmitInput } from './application-types';
import { priceService } from './fees';
import { namingFieldOf } from './reference-words';
import { applicationEvents, applications } from './schema';

/** Submitting an application: checked, numbered, booked, billed and moved on, in one transaction. */
export function createApplicationSubmission(deps: ApplicationParts) {
  const { db, bills, bookings } = deps;
  const { checkValues } = deps.checks;
  const { transition } = deps.transitions;
  const { toApi } = deps.views;
  return {
    /**
     * Validates and submits an application. Answers 400 with the first problem as the message
     * and every problem in `details`. With a fee, a bill is raised in the same transaction and
     * the application waits for payment; without, it goes where its workflow says.
     */
    async submit(input: SubmitInput): Promise<ApplicationSubmitted> {
      const service = findService(input.serviceId);
      if (!service) throw notFound('This service is not available.');
      const workflow = findWorkflow(service.workflow);
      if (!workflow?.creates_application)
        throw new AppError(
          400,
          'service_not_applicable',
          'This service is not applied for through applications.',
        );

      const { values, labels, labelsSw, obligation } = await checkValues(
        service,
        input.user.id,
        input.payload,
      );
      bookings.check(service, values);
      const userId = input.user.id;

      const lines = await priceService(db, service, values);
      const fee = lines.reduce((sum, l) => sum + l.amount_cents, 0);
      // What names the application (the parcel, the business, the plate): the definition's
      // reference_field, else its parcel field.
      const namingField = namingFieldOf(service);
      const named = namingField ? values[namingField] : undefined;
      const reference = typeof named === 'string' && named !== '' ? named : null;
      const actor: Actor = { type: 'user', id: userId };
      const requestId = input.requestId;

      try {
        return await db.transaction(async (tx) => {
          const applicationNo = await nextApplicationNo(tx, service.application_prefix);
          const [row] = await tx
            .insert(applications)
            .values({
              applicationNo,
              userId,
              serviceId: service.id,
              status: 'submitted',
              reference,
              values,
              valueLabels: labels,
              valueLabelsSw: labelsSw,
              feeCents: fee,
            })
            .returning();
          const created = row!;
          // What it books is held now: unpaid, for the service's hold_minutes (decision 031).
          const holdMinutes = service.booking?.hold_minutes ?? 0;
          await bookings.claim(
            tx,
            service,
            values,
            created.id,
            fee > 0 ? new Date(Date.now() + holdMinutes * 60_000) : null,
          );
          await tx.insert(applicationEvents).values({
            applicationId: created.id,
            fromStatus: null,
            toStatus: 'submitted',
            actorType: 'user',
            actorId: userId,
          });
          await recordAudit(tx, {
            actor,
            entityType: 'application',
            entityId: applicationNo,
            action: 'submitted',
            toState: 'submitted',
            data: { service_id: service.id, fee_cents: fee },
            ...(requestId ? { requestId } : {}),
          });

          let bill: Bill | null = null;
          let status: ApplicationStatus;
          if (fee > 0) {
            bill = await bills.raise(tx, {
              userId,
              description: `${service.title}: application ${applicationNo}`,
              descriptionSw: `${service.texts?.sw?.title || service.title}: ombi ${applicationNo}`,
              lines,
              applicationId: created.id,
              applicationNo,
              serviceId: service.id,
              sourceKey: obligation ?? input.obligation ?? null,
              // Services that ask where (a sub-county field) are reported by it.
              subCountyCode: typeof values.sub_county_code === 'string' ? values.sub_county_code : null,
              actor,
              ...(requestId ? { requestId } : {}),
            });
            await tx
              .update(applications)
              .set({ billNo: bill.bill_no })
              .where(eq(applications.id, created.id));
            status = 'awaiting_payment';
          } else {
            status = workflow.without_fee;
          }
          // Listeners see the row as it now is: with its bill (an area records what the bill carries).
          await transition(
            tx,
            { ...created, billNo: bill?.bill_no ?? null },
            'submitted',
            status,
            { type: 'system' },
            { requestId },
          );
          if (input.draftId) await deps.drafts.remove(userId, input.draftId, tx);
          return {
            success: true as const,
            message: service.submit.success_message,
            application: { ...toApi(created), status, bill_no: bill?.bill_no ?? null },
            bill,
          };
        });
      } catch (error) {
        // Two submissions for the same obligation at once: the second meets the first's open bill.
        if (isOpenObligationClash(error))
          throw conflict(
            'An application for this is already waiting for payment. Pay its bill, or cancel it, before applying again.',
            'obligation_has_open_bill',
          );
        throw error;
      }
    },
  };
}
