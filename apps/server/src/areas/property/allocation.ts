import { composePrinted } from '@kaunti/catalogue/document-texts';
import { findDocumentTemplate } from '@kaunti/catalogue/registries/documents';
import type { AccountLanguage } from '@kaunti/contract/api-accounts';
import type { Allocation, OfficerWaitingList } from '@kaunti/contract/api-estates';
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
import { addMonths, periodOf } from '../../core/bills/standing-rule';
import type { CountyService } from '../../core/county/county-service';
import type { DocumentService } from '../../core/documents/document-service';
import type { Db } from '../../platform/db/database';
import { conflict, notFound } from '../../platform/errors';
import type { SmsGateway } from '../../platform/sms/sms-gateway';
import { StateMachine } from '../../platform/state-machine';
import { houseWords, sizeWords, unitTypeWords } from './house-words';
import { estateHouses, estates, tenancies } from './schema';
import { onWaitingList, openRentIn } from './waiting-list';

/** The letter of allocation (catalogue: registries/documents.ts), at /downloads/official-letter. */
export const ALLOCATION_LETTER = 'house-allocation-letter';

/**
 * The moves of an allocation, each asserted and audited: a house goes from vacant to let (a
 * tenancy ending lets it go back), and an applicant from waiting on the list to allocated (final:
 * they are off the list).
 */
export const houseStatus = new StateMachine<'vacant' | 'let'>('house', { vacant: ['let'], let: ['vacant'] });
export const waitingStatus = new StateMachine<'waiting' | 'allocated'>('waiting list place', {
  waiting: ['allocated'],
  allocated: [],
});

type Use = 'residential' | 'commercial';

/** The first month a house let today owes: this month while its due day is to come, else the next. */
export function firstRentMonth(today: { year: number; month: number; day: number }, dueDay: number): string {
  const current = periodOf(today.year, today.month);
  return today.day <= dueDay ? current : addMonths(current, 1);
}

const SMS: Record<
  AccountLanguage,
  (a: {
    house: string;
    estate: string;
    applicationNo: string;
    tenancyNo: string;
    rent: string;
    from: string;
    url: string;
  }) => string
> = {
  en: (a) =>
    `County e-services: ${a.house}, ${a.estate} is allocated to you (application ${a.applicationNo}). Tenancy ${a.tenancyNo}, rent ${a.rent} a month from ${a.from}. Your letter: ${a.url}`,
  sw: (a) =>
    `Huduma za kaunti: umepewa ${a.house}, ${a.estate} (ombi ${a.applicationNo}). Upangaji ${a.tenancyNo}, kodi ${a.rent} kwa mwezi kuanzia ${a.from}. Barua yako: ${a.url}`,
};

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

  async function estateOf(on: Db, code: string) {
    const [estate] = await on.select().from(estates).where(eq(estates.code, code)).limit(1);
    if (!estate) throw notFound('We could not find that estate.');
    return estate;
  }

  /** The vacant houses of an estate and kind, lowest number first (numbers before shops' S1). */
  const vacantHouses = (on: Db, estateCode: string, use: Use) =>
    on
      .select({
        id: estateHouses.id,
        houseNo: estateHouses.houseNo,
        block: estateHouses.block,
        size: estateHouses.size,
        monthlyRentCents: estateHouses.monthlyRentCents,
      })
      .from(estateHouses)
      .where(
        and(
          eq(estateHouses.estateCode, estateCode),
          eq(estateHouses.use, use),
          sql`not exists (select 1 from ${tenancies} t where t.house_id = ${estateHouses.id} and t.status = 'active')`,
        ),
      )
      .orderBy(sql`length(${estateHouses.houseNo})`, asc(estateHouses.houseNo));

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
    /** An estate's waiting list for a kind of unit, in its order, and its vacant houses of that kind. */
    async waitingList(
      estateCode: string,
      use: Use,
      language: AccountLanguage = 'en',
    ): Promise<OfficerWaitingList> {
      const estate = await estateOf(db, estateCode);
      const [waiting, vacant] = await Promise.all([
        db
          .select({
            applicationNo: applications.applicationNo,
            status: applications.status,
            createdAt: applications.createdAt,
            values: applications.values,
            firstName: users.firstName,
            middleName: users.middleName,
            surName: users.surName,
          })
          .from(applications)
          .innerJoin(users, eq(users.id, applications.userId))
          .where(onWaitingList(estate.code, use))
          .orderBy(asc(applications.createdAt), asc(applications.applicationNo)),
        vacantHouses(db, estate.code, use),
      ]);
      return {
        estate_code: estate.code,
        estate: estate.name,
        unit_use: use,
        waiting: waiting.map((w, i) => {
          const household = Number((w.values as Record<string, unknown>).household_size);
          return {
            place: i + 1,
            application_no: w.applicationNo,
            applicant_name: fullName(w.firstName, w.middleName, w.surName) || 'Applicant',
            household_size: Number.isInteger(household) ? household : null,
            applied_on: w.createdAt.toISOString(),
            status: w.status,
            registered: w.status === 'issued',
          };
        }),
        vacant: vacant.map((h) => ({
          house_no: h.houseNo,
          block: h.block,
          size: sizeWords(h.size, language),
          monthly_rent_cents: h.monthlyRentCents,
        })),
      };
    },

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
