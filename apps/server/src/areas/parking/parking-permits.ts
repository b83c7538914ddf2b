import { findService } from '@kaunti/catalogue/catalogue';
import { VEHICLE_TYPES } from '@kaunti/catalogue/services/parking/daily-parking/definition';
import type { ApplicationSubmitted } from '@kaunti/contract/api-applications';
import { DEFAULT_PAGE_LIMIT } from '@kaunti/contract/api-bills';
import type { MyParkingPermit } from '@kaunti/contract/api-parking';
import { and, asc, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { ApplicationDocuments } from '../../core/applications/application-documents';
import type { ApplicationService } from '../../core/applications/application-service';
import type { IssuedListener } from '../../core/applications/application-transitions';
import { feeAmountsOf } from '../../core/applications/fees';
import { applications } from '../../core/applications/schema';
import type { AreaValidator } from '../../core/applications/submission-checks';
import { DAY_MS, renewalOpensAt, tooEarlyToRenew } from '../../core/documents/renewal';
import { DOCUMENT_ID, documents } from '../../core/documents/schema';
import type { Db } from '../../platform/db/database';
import { after, type Page, type PageQuery, pageOf, positionAt, positionOf } from '../../platform/db/pages';
import { conflict, notFound } from '../../platform/errors';
import {
  loadingZoneTypes,
  parkingBuildings,
  parkingCoverPlates,
  parkingCovers,
  parkingRoads,
  parkingZones,
} from './schema';

/** Parking documents are renewed from this many days before they end. */
export const PARKING_RENEWAL_DAYS = 7;

/** What each service's document covers, as the enforcement check names it. */
const COVER_KINDS: Record<string, 'season' | 'reserved' | 'loading'> = {
  'seasonal-parking': 'season',
  'reserved-parking': 'reserved',
  'loading-zone': 'loading',
};

const DUPLICATE_PLATE = 'This plate is already on the list';

const typeLabel = (value: unknown) => VEHICLE_TYPES.find((t) => t.value === value)?.label ?? String(value);

type Entry = Record<string, unknown>;
const entriesOf = (values: Record<string, unknown>): Entry[] =>
  Array.isArray(values.vehicles) ? (values.vehicles as Entry[]) : [];

/**
 * Seasonal tickets, reserved bays and loading zones: the catalogue's definitions ask and price
 * them, this module adds what the county's records know — the zone's and road's names, the plates
 * as printed, one open bill per zone, period and plates (or place and holder) — records what an
 * issued one covers by plate for the enforcement check, lists a motorist's parking documents and
 * renews one with the same answers.
 */
export function createParkingPermits(deps: {
  db: Db;
  applications: Pick<ApplicationService, 'submit'>;
  links: Pick<ApplicationDocuments, 'link'>;
  /**
   * The business (its id) with this KRA PIN that the account holds, if any (the business area
   * answers; app.ts wires it): a reserved bay's or loading zone's one open bill is the held
   * business's, else the applicant's own — never a PIN's that anyone may type.
   */
  heldBusinessOf?: (userId: string, kraPin: string) => Promise<string | null>;
}) {
  const { db } = deps;

  async function placeOf(roadCode: unknown, buildingCode: unknown) {
    const [row] = await db
      .select({ road: parkingRoads, building: parkingBuildings })
      .from(parkingBuildings)
      .innerJoin(parkingRoads, eq(parkingRoads.code, parkingBuildings.roadCode))
      .where(and(eq(parkingBuildings.code, String(buildingCode)), eq(parkingRoads.code, String(roadCode))));
    return row ? { text: `${row.road.name}, ${row.building.name}`, zoneCode: row.road.zoneCode } : undefined;
  }

  /** The area's check of a seasonal, reserved-bay or loading-zone application (AreaValidator). */
  const checkApplication: AreaValidator = async ({ userId, service, values }) => {
    if (!COVER_KINDS[service.id]) return [];
    const entries = entriesOf(values);
    const seen = new Set<string>();
    const errors = entries.flatMap((entry, i) => {
      const plate = String(entry.plate ?? '');
      if (seen.has(plate)) return [{ path: `vehicles.${i}.plate`, message: DUPLICATE_PLATE }];
      seen.add(plate);
      return [];
    });
    if (errors.length > 0) return errors;
    const plates = entries.map((e) => String(e.plate));
    const platesKey = [...plates].sort().join(',');
    if (service.id === 'seasonal-parking') {
      const [zone] = await db
        .select()
        .from(parkingZones)
        .where(eq(parkingZones.code, String(values.zone_code)));
      return {
        errors: [],
        derived: {
          zone_name: zone?.name ?? String(values.zone_code),
          vehicle_list: entries.map((e) => ({ plate: e.plate, vehicle_type: typeLabel(e.vehicle_type) })),
          plates: plates.join(', '),
        },
        obligation: `parking-season:${values.zone_code}:${values.period}:${platesKey}`,
      };
    }
    const place = await placeOf(values.road_code, values.building_code);
    if (!place) return [{ path: 'building_code', message: 'Please select a building on the road chosen' }];
    // Whose one open bill: the business the applicant holds, else the applicant's own (issue 36 item 6).
    const held =
      typeof values.kra_pin === 'string' ? await deps.heldBusinessOf?.(userId, values.kra_pin) : null;
    const holder = held ? `business:${held}` : `account:${userId}`;
    const common = { place: place.text, zone_code: place.zoneCode, plates: plates.join(', ') };
    if (service.id === 'reserved-parking') {
      const days = Number(values.days);
      return {
        errors: [],
        derived: {
          ...common,
          period_text: values.period_type === 'yearly' ? 'One year' : `${days} day${days === 1 ? '' : 's'}`,
        },
        obligation: `parking-reserved:${values.building_code}:${holder}`,
      };
    }
    return {
      errors: [],
      derived: common,
      obligation: `loading-zone:${values.building_code}:${values.zone_type}:${holder}`,
    };
  };

  /** Called in the issuing transaction: what the document covers, by plate; the one it renews is followed. */
  const recordIssued: IssuedListener = async (tx, { row, document }) => {
    const kind = COVER_KINDS[row.serviceId];
    if (!kind || !document.expiresAt) return;
    const values = row.values as Record<string, unknown>;
    const plates = [...new Set(entriesOf(values).map((e) => String(e.plate)))];
    const zoneCode = typeof values.zone_code === 'string' ? values.zone_code : null;
    // Where it applies, in words: a bay's or loading zone's road and building, a season's zone.
    const place =
      typeof values.place === 'string'
        ? values.place
        : typeof values.zone_name === 'string'
          ? values.zone_name
          : null;
    // The earlier one of the same service, holder and plates, not yet renewed, is renewed by this one.
    const earlier = await tx
      .select({ cover: parkingCovers, plate: parkingCoverPlates.plate })
      .from(parkingCovers)
      .innerJoin(parkingCoverPlates, eq(parkingCoverPlates.documentId, parkingCovers.documentId))
      .where(
        and(
          eq(parkingCovers.userId, row.userId),
          eq(parkingCovers.serviceId, row.serviceId),
          isNull(parkingCovers.renewedBy),
        ),
      );
    const byDocument = new Map<string, { zone: string | null; place: string | null; plates: string[] }>();
    for (const { cover, plate } of earlier) {
      const found = byDocument.get(cover.documentId) ?? {
        zone: cover.zoneCode,
        place: cover.place,
        plates: [],
      };
      found.plates.push(plate);
      byDocument.set(cover.documentId, found);
    }
    const key = [...plates].sort().join(',');
    const renewed = [...byDocument.entries()]
      .filter(([, c]) => c.zone === zoneCode && c.place === place && [...c.plates].sort().join(',') === key)
      .map(([id]) => id);
    if (renewed.length > 0)
      await tx
        .update(parkingCovers)
        .set({ renewedBy: document.id })
        .where(inArray(parkingCovers.documentId, renewed));
    await tx
      .insert(parkingCovers)
      .values({
        documentId: document.id,
        kind,
        userId: row.userId,
        serviceId: row.serviceId,
        applicationNo: row.applicationNo,
        zoneCode,
        place,
        validFrom: document.issuedAt,
        validUntil: document.expiresAt,
      })
      .onConflictDoNothing();
    if (plates.length > 0)
      await tx
        .insert(parkingCoverPlates)
        .values(plates.map((plate) => ({ plate, documentId: document.id, validUntil: document.expiresAt! })))
        .onConflictDoNothing();
  };

  function stateOf(
    status: string,
    renewedBy: string | null,
    until: Date,
    now: number,
  ): MyParkingPermit['state'] {
    if (status === 'revoked') return 'revoked';
    if (renewedBy) return 'renewed';
    if (until.getTime() <= now) return 'expired';
    if (now >= renewalOpensAt(until, PARKING_RENEWAL_DAYS).getTime()) return 'expiring';
    return 'active';
  }

  return {
    checkApplication,
    recordIssued,

    async roads() {
      const rows = await db.select().from(parkingRoads).orderBy(asc(parkingRoads.position));
      return rows.map((r) => ({ road_code: r.code, name: r.name, zone_code: r.zoneCode }));
    },

    /** The buildings on a road (every building without one). */
    async buildings(roadCode?: string) {
      const rows = await db
        .select()
        .from(parkingBuildings)
        .where(roadCode ? eq(parkingBuildings.roadCode, roadCode.trim().toUpperCase()) : undefined)
        .orderBy(asc(parkingBuildings.roadCode), asc(parkingBuildings.position));
      return rows.map((b) => ({ building_code: b.code, name: b.name, road_code: b.roadCode }));
    },

    async loadingZoneTypes() {
      const [rows, fees] = await Promise.all([
        db.select().from(loadingZoneTypes).orderBy(asc(loadingZoneTypes.position)),
        feeAmountsOf(db, 'loading-zone'),
      ]);
      return rows.map((t) => ({
        type_code: t.code,
        name: t.name,
        description: t.description,
        amount_cents: fees.get(t.code) ?? null,
      }));
    },

    /**
     * The user's parking documents (seasonal tickets, reserved bays, loading zones, PSV stickers),
     * latest end first, a page at a time (`platform/db/pages.ts`: by end and document id).
     */
    async mine(userId: string, page: PageQuery = {}): Promise<Page<MyParkingPermit>> {
      const limit = page.limit ?? DEFAULT_PAGE_LIMIT;
      const position = positionOf(page.cursor, DOCUMENT_ID);
      const found = await db
        .select({ cover: parkingCovers, document: documents, at: positionAt(parkingCovers.validUntil) })
        .from(parkingCovers)
        .innerJoin(documents, eq(documents.id, parkingCovers.documentId))
        .where(
          and(
            eq(parkingCovers.userId, userId),
            after(parkingCovers.validUntil, parkingCovers.documentId, position),
          ),
        )
        .orderBy(desc(parkingCovers.validUntil), desc(parkingCovers.documentId))
        .limit(limit + 1);
      const rows = found.slice(0, limit);
      const plates = rows.length
        ? await db
            .select()
            .from(parkingCoverPlates)
            .where(
              inArray(
                parkingCoverPlates.documentId,
                rows.map((r) => r.cover.documentId),
              ),
            )
        : [];
      const now = Date.now();
      const toItem = ({ cover, document }: (typeof rows)[number]): MyParkingPermit => {
        const state = stateOf(document.status, cover.renewedBy, cover.validUntil, now);
        return {
          document_no: document.number,
          kind: cover.kind,
          service_id: cover.serviceId,
          service_title: findService(cover.serviceId)?.title ?? 'PSV sticker',
          plates: plates.filter((p) => p.documentId === cover.documentId).map((p) => p.plate),
          zone_code: cover.zoneCode,
          place: cover.place,
          valid_from: cover.validFrom.toISOString(),
          valid_until: cover.validUntil.toISOString(),
          state,
          days_left: Math.ceil((cover.validUntil.getTime() - now) / DAY_MS),
          renewable: cover.applicationNo !== null && (state === 'expiring' || state === 'expired'),
          short_code: document.shortCode,
          document: deps.links.link(document),
        };
      };
      return pageOf(found, limit, (r) => ({ at: r.at, key: r.cover.documentId }), toItem);
    },

    /**
     * Renews one of the user's seasonal tickets, reserved bays or loading zones: a new application
     * of the same service with the same answers (checked and priced again; paying it issues the
     * new one). From 7 days before it ends; before that, a 409 naming the day.
     */
    async renew(userId: string, documentId: string, requestId?: string): Promise<ApplicationSubmitted> {
      const [found] = await db
        .select({ cover: parkingCovers, document: documents, values: applications.values })
        .from(parkingCovers)
        .innerJoin(documents, eq(documents.id, parkingCovers.documentId))
        .innerJoin(applications, eq(applications.applicationNo, parkingCovers.applicationNo))
        .where(
          and(
            eq(parkingCovers.documentId, documentId),
            eq(parkingCovers.userId, userId),
            ne(parkingCovers.kind, 'psv-sticker'),
          ),
        )
        .limit(1);
      if (!found) throw notFound('We could not find that parking permit among yours.');
      if (found.document.status === 'revoked')
        throw conflict(
          'This permit was revoked. Apply for a new one, or ask the county why it was revoked.',
          'document_revoked',
        );
      if (found.cover.renewedBy) throw conflict('This permit has already been renewed.', 'already_renewed');
      if (Date.now() < renewalOpensAt(found.cover.validUntil, PARKING_RENEWAL_DAYS).getTime())
        throw conflict(
          tooEarlyToRenew('This permit', found.cover.validUntil, PARKING_RENEWAL_DAYS),
          'renewal_not_open',
        );
      return deps.applications.submit({
        user: { id: userId },
        serviceId: found.cover.serviceId,
        payload: found.values ?? {},
        ...(requestId ? { requestId } : {}),
      });
    },
  };
}
export type ParkingPermits = ReturnType<typeof createParkingPermits>;
