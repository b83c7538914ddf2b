import { composePrinted } from '@kaunti/catalogue/document-texts';
import { findDocumentTemplate } from '@kaunti/catalogue/registries/documents';
import type { AccountLanguage } from '@kaunti/contract/api-accounts';
import type { Allocation } from '@kaunti/contract/api-estates';
import { formatDisplayDate } from '@kaunti/contract/dates';
import { formatKes } from '@kaunti/contract/money';
import { and, asc, eq, sql } from 'drizzle-orm';
import { customerNoPrefix } from '../../core/accounts/auth-service';
import { users } from '../../core/accounts/schema';
import type { ApplicationDocuments } from '../../core/applications/application-documents';
import { applications } from '../../core/applications/schema';
import { type Actor, recordAudit } from '../../core/audit/audit';
import { fullName } from '../../core/bills/bill-service';
import { kenyaDate, kenyaToday } from '../../core/bills/kenya-date';
import { monthName, type StandingChargeService } from '../../core/bills/standing-charges';
import type { CountyService } from '../../core/county/county-service';
import type { DocumentService } from '../../core/documents/document-service';
import type { Db } from '../../platform/db/database';
import { conflict, notFound } from '../../platform/errors';
import type { SmsGateway } from '../../platform/sms/sms-gateway';
import { createAllocationReads } from './allocation-reads';
import { ALLOCATION_LETTER, firstRentMonth, houseStatus, SMS, waitingStatus } from './allocation-terms';
import { createAllocationWaitingList } from './allocation-waiting-list';
import { houseWords, unitTypeWords } from './house-words';
import { estateHouses, tenancies } from './schema';
import { onWaitingList, openRentIn } from './waiting-list';

export { ALLOCATION_LETTER, firstRentMonth, houseStatus, waitingStatus } from './allocation-terms';

/**
 * The estates office's allocation (decision 036): an officer sees an estate's waiting list (a kind
 * of unit) in its order beside its vacant houses, and allocates a vacant house; the list, not the
 * officer, says to whom — the first registered (issued) application on it. One transaction: the
 * house is locked and must be vacant; the first application is locked (`skip locked`, so two
 * allocations at once take two applicants); the tenancy is created (number, the applicant, the
 * house, today, the house's rent), its rent opened as a standing charge and the months due
 * raised; the letter of allocation issued; every move asserted and audited. After the commit the
 * applicant gets an SMS in their account's language.
 */
export function createAllocation(deps: {
  db: Db;
  standing: StandingChargeService;
  documents: Pick<DocumentService, 'issue'>;
  links: Pick<ApplicationDocuments, 'link'>;
  county: Pick<CountyService, 'get'>;
  sms: SmsGateway;
  log: { warn(object: Record<string, unknown>, message: string): void };
}) {
  const { db, standing } = deps;
  const reads = createAllocationReads();
  const { estateOf } = reads;

  /** The next tenancy number of an estate: the county's initials, the estate, a running number. */
  async function nextTenancyNo(tx: Db, estateCode: string): Promise<string> {
    const prefix = `${customerNoPrefix((await deps.county.get(tx)).name)}-${estateCode}-`;
    const [row] = await tx
      .select({
        n: sql<number>`coalesce(max(substring(${tenancies.tenancyNo} from '([0-9]+)$')::int), 0)::int`,
      })
      .from(tenancies)
      .where(sql`${tenancies.tenancyNo} like ${`${prefix}%`}`);
    return `${prefix}${String(Number(row?.n ?? 0) + 1).padStart(4, '0')}`;
  }

  return {
    ...createAllocationWaitingList(db, reads),

    /** Allocates a vacant house to the first registered applicant on its estate's list for its kind. */
    async allocate(
      input: { estateCode: string; houseNo: string },
      actor: Actor,
      requestId?: string,
    ): Promise<Allocation> {
      const done = await db.transaction(async (tx) => {
        // The house, locked: two allocations of it take turns, and the second finds it let.
        const [house] = await tx
          .select({
            id: estateHouses.id,
            houseNo: estateHouses.houseNo,
            block: estateHouses.block,
            use: estateHouses.use,
            size: estateHouses.size,
            monthlyRentCents: estateHouses.monthlyRentCents,
          })
          .from(estateHouses)
          .where(and(eq(estateHouses.estateCode, input.estateCode), eq(estateHouses.houseNo, input.houseNo)))
          .for('update')
          .limit(1);
        if (!house) throw notFound('We could not find that house in the estate.');
        const estate = await estateOf(tx, input.estateCode);
        const [let_] = await tx
          .select({ tenancyNo: tenancies.tenancyNo })
          .from(tenancies)
          .where(and(eq(tenancies.houseId, house.id), eq(tenancies.status, 'active')))
          .limit(1);
        if (let_)
          throw conflict(
            `${houseWords(house, 'en')}, ${estate.name} is not vacant (tenancy ${let_.tenancyNo}).`,
            'house_not_vacant',
          );
        houseStatus.assert('vacant', 'let');
        // The first registered application on the list; one another allocation holds is passed over.
        const [first] = await tx
          .select({
            id: applications.id,
            applicationNo: applications.applicationNo,
            userId: applications.userId,
          })
          .from(applications)
          .where(and(onWaitingList(estate.code, house.use), eq(applications.status, 'issued')))
          .orderBy(asc(applications.createdAt), asc(applications.applicationNo))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!first)
          throw conflict(
            `Nobody registered on the waiting list of ${estate.name} (${house.use === 'commercial' ? 'shops and commercial units' : 'houses to live in'}) is waiting, so the house cannot be allocated.`,
            'nobody_waiting',
          );
        waitingStatus.assert('waiting', 'allocated');
        const [user] = await tx
          .select({
            firstName: users.firstName,
            middleName: users.middleName,
            surName: users.surName,
            identifier: users.identifier,
            phone: users.phoneNumber,
            language: users.language,
          })
          .from(users)
          .where(eq(users.id, first.userId))
          .limit(1);
        const tenantName = fullName(user?.firstName, user?.middleName, user?.surName) || 'Tenant';
        const startDate = kenyaDate();
        const rentFrom = firstRentMonth(kenyaToday(), estate.dueDay);
        // A running number: another allocation in the estate at the same moment may take it first.
        let tenancyNo = '';
        for (let attempt = 0; attempt < 5 && tenancyNo === ''; attempt++) {
          const candidate = await nextTenancyNo(tx, estate.code);
          const [created] = await tx
            .insert(tenancies)
            .values({
              tenancyNo: candidate,
              houseId: house.id,
              userId: first.userId,
              tenantName,
              tenantIdNumber: user?.identifier ?? null,
              tenantPhone: user?.phone ?? null,
              startDate,
              rentFrom,
              applicationNo: first.applicationNo,
            })
            .onConflictDoNothing({ target: tenancies.tenancyNo })
            .returning({ tenancyNo: tenancies.tenancyNo });
          if (created) tenancyNo = created.tenancyNo;
        }
        if (!tenancyNo) throw new Error('Could not find a free tenancy number.');
        const obligation = await openRentIn(tx, standing, {
          tenancyNo,
          userId: first.userId,
          tenantName,
          estate: estate.name,
          houseNo: house.houseNo,
          monthlyRentCents: house.monthlyRentCents,
          rentFrom,
          dueDay: estate.dueDay,
          penaltyPpm: estate.penaltyPpm,
          subCountyCode: estate.subCountyCode,
        });
        await standing.raiseNow(tx, obligation.id);

        const audit = { actor, ...(requestId ? { requestId } : {}) };
        await recordAudit(tx, {
          ...audit,
          entityType: 'tenancy',
          entityId: tenancyNo,
          action: 'allocated',
          toState: 'active',
          data: {
            application_no: first.applicationNo,
            user_id: first.userId,
            estate: estate.code,
            house_no: house.houseNo,
            monthly_rent_cents: house.monthlyRentCents,
            rent_from: rentFrom,
          },
        });
        await recordAudit(tx, {
          ...audit,
          entityType: 'estate_house',
          entityId: `${estate.code}/${house.houseNo}`,
          action: 'let',
          fromState: 'vacant',
          toState: 'let',
          data: { tenancy_no: tenancyNo },
        });
        await recordAudit(tx, {
          ...audit,
          entityType: 'application',
          entityId: first.applicationNo,
          action: 'allocated',
          fromState: 'waiting',
          toState: 'allocated',
          data: { tenancy_no: tenancyNo, estate: estate.code, house_no: house.houseNo },
        });

        // The letter of allocation, naming the house (in both languages).
        const template = findDocumentTemplate(ALLOCATION_LETTER)!;
        const issuedAt = new Date();
        const rent = formatKes(house.monthlyRentCents);
        const values = (language: AccountLanguage) => ({
          application_no: first.applicationNo,
          estate: estate.name,
          house: houseWords(house, language),
          unit_type: unitTypeWords(house, language),
          monthly_rent: rent,
          start_date: formatDisplayDate(startDate, language),
          rent_from: monthName(rentFrom, language),
        });
        const printed = composePrinted(
          template,
          {
            holder: tenantName,
            holder_id: user?.identifier ?? undefined,
            number: tenancyNo,
            county: (await deps.county.get(tx)).name,
            application_no: first.applicationNo,
            issued_at: issuedAt,
            expires_at: null,
            values: values('en'),
          },
          { values: values('sw') },
        );
        const issued = await deps.documents.issue(
          {
            kind: 'letter',
            number: tenancyNo,
            holderName: tenantName,
            ownerUserId: first.userId,
            subject: tenancyNo,
            facts: { application_no: first.applicationNo, description: template.title },
            printed,
            issuedAt,
            expiresAt: null,
            actor,
            ...(requestId ? { requestId } : {}),
          },
          tx,
        );
        if (!issued.created) throw new Error(`A letter numbered ${tenancyNo} was issued before.`);
        const links = deps.links.link(issued.document);
        const allocation: Allocation = {
          tenancy_no: tenancyNo,
          application_no: first.applicationNo,
          tenant_name: tenantName,
          estate_code: estate.code,
          estate: estate.name,
          block: house.block,
          house_no: house.houseNo,
          unit_use: house.use,
          monthly_rent_cents: house.monthlyRentCents,
          start_date: startDate,
          rent_from: rentFrom,
          letter: { print_url: links.print_url, pdf_url: links.pdf_url },
        };
        const language: AccountLanguage = user?.language === 'sw' ? 'sw' : 'en';
        const sms = user
          ? {
              phone: user.phone,
              text: SMS[language]({
                house: houseWords(house, language),
                estate: estate.name,
                applicationNo: first.applicationNo,
                tenancyNo,
                rent,
                from: monthName(rentFrom, language),
                url: links.print_url ?? links.pdf_url,
              }),
            }
          : undefined;
        return { allocation, sms };
      });
      // Told once it is committed; a gateway that fails does not undo the allocation.
      if (done.sms) {
        const { phone, text } = done.sms;
        void deps.sms
          .send(phone, text)
          .then((result) => {
            if (!result.accepted) deps.log.warn({}, 'allocation SMS was not accepted by the gateway');
          })
          .catch(() => deps.log.warn({}, 'allocation SMS could not be sent'));
      }
      return done.allocation;
    },
  };
}

export type HouseAllocation = ReturnType<typeof createAllocation>;
