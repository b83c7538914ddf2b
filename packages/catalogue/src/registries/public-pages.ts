/**
 * The kinds of public page an issued document may have (a service's `public_page`, issue 39):
 * where the page is, and what it answers — each answer read from the field the definition maps to
 * it. Only what is public by nature is listed: an event's name and place, never a person's details.
 */
export const PUBLIC_PAGE_KINDS = {
  event: {
    api: '/api/events/{id}',
    route: '/social/event/{id}',
    answers: ['name', 'organiser', 'venue', 'starts_on', 'ends_on'],
  },
} as const;

export type PublicPageKind = keyof typeof PUBLIC_PAGE_KINDS;
export const PUBLIC_PAGE_KIND_NAMES = Object.keys(PUBLIC_PAGE_KINDS) as PublicPageKind[];
