import { findService, services } from '@kaunti/catalogue/catalogue';
import { PUBLIC_PAGE_KINDS, type PublicPageKind } from '@kaunti/catalogue/registries/public-pages';
import { eventPageSchema } from '@kaunti/contract/api-public-pages';
import { nairobiToday } from '@kaunti/contract/dates';
import { errorBodySchema } from '@kaunti/contract/errors';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db/database';
import { notFound } from '../../platform/errors';
import { documents } from '../documents/schema';
import { standingOf } from '../documents/standing';
import { applications } from './schema';

/**
 * The public page of an issued document (issue 39): a service's definition may say that what it
 * issues has a page anyone may open (`public_page`: an event's name, venue and dates), answering
 * only the fields the definition maps — never the applicant's phone or ID — and whether its
 * document stands (valid, revoked, expired; an event whose last day has passed is expired). The
 * page is found by the document's id, which its QR code and links carry.
 */
export function createPublicPages(deps: { db: Db }) {
  const { db } = deps;

  /** The services whose documents have a page of this kind. */
  const servicesOf = (kind: PublicPageKind) =>
    services.filter((s) => s.public_page?.kind === kind).map((s) => s.id);

  return {
    /** What the page of this kind shows for a document id; undefined when there is none. */
    async read(kind: PublicPageKind, id: string) {
      const ids = servicesOf(kind);
      if (ids.length === 0) return undefined;
      const [row] = await db
        .select({ document: documents, serviceId: applications.serviceId, values: applications.values })
        .from(documents)
        .innerJoin(applications, eq(applications.applicationNo, documents.subject))
        .where(and(eq(documents.id, id), inArray(applications.serviceId, ids)))
        .limit(1);
      if (!row) return undefined;
      const page = findService(row.serviceId)!.public_page!;
      const text = (answer: string) => {
        const value = row.values[page.fields[answer] ?? ''];
        return value === undefined || value === null ? '' : String(value);
      };
      const shown = Object.fromEntries(
        PUBLIC_PAGE_KINDS[kind].answers.map((answer) => [answer, text(answer)]),
      );
      let status = standingOf(row.document);
      // An event is over once its last day has passed, whatever its permit said.
      const last = shown.ends_on;
      if (status === 'valid' && last && last < nairobiToday()) status = 'expired';
      return { id: row.document.id, ...shown, permit_status: status, checked_at: new Date().toISOString() };
    },
  };
}

export type PublicPages = ReturnType<typeof createPublicPages>;

/** `GET /api/events/{id}`: an issued event's public page (no account; nothing personal). */
export function publicPageRoutes(deps: { pages: PublicPages }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/events/:id',
      {
        config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          operationId: 'getEventPage',
          tags: ['verify'],
          summary: "An issued event's public page",
          description:
            'The name, organiser (an organisation), venue and days of an event whose outdoor event permit was issued, ' +
            'and whether the permit stands: `valid`, `revoked` by the county, or `expired` (its last day has passed). ' +
            "The id is the permit's document id, carried by its QR code and the application's `document.event_url`. " +
            'Nothing personal is answered.',
          params: z.object({ id: z.string().max(40) }),
          response: { 200: eventPageSchema, 404: errorBodySchema, 429: errorBodySchema },
        },
      },
      async (request) => {
        const page = await deps.pages.read('event', request.params.id);
        if (!page) throw notFound('We could not find that event. Please check the link.');
        return eventPageSchema.parse(page);
      },
    );
  };
}
