/**
 * Readers for structured texts kept in the locale files (lists of steps, legal documents, FAQs),
 * fetched with `t(key, { returnObjects: true })`. A translation file is data, not code: each
 * reader checks the shape and drops what does not fit, so a typo in one language shows less
 * text instead of breaking the page.
 */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The strings of a list; anything else (a missing key comes back as the key itself) → []. */
export function asStringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

const optionalString = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

export interface LegalSection {
  heading?: string;
  paragraphs: string[];
  clauses: string[];
}

export interface LegalDocument {
  /** One or two sentences: what these terms cover and for whom. */
  summary?: string;
  /** e.g. "Last updated: 1st January 2025". */
  updated?: string;
  sections: LegalSection[];
}

export function readLegalDocument(value: unknown): LegalDocument | undefined {
  if (!isRecord(value) || !Array.isArray(value.sections)) return undefined;
  const sections = value.sections.filter(isRecord).map(
    (section): LegalSection => ({
      ...(typeof section.heading === 'string' ? { heading: section.heading } : {}),
      paragraphs: asStringList(section.paragraphs),
      clauses: asStringList(section.clauses),
    }),
  );
  if (sections.length === 0) return undefined;
  const summary = optionalString(value.summary);
  const updated = optionalString(value.updated);
  return { ...(summary ? { summary } : {}), ...(updated ? { updated } : {}), sections };
}

export interface FaqLink {
  to: string;
  label: string;
}

export interface FaqItem {
  /** Stable anchor, e.g. "mpesa-prompt" (the page links to #faq-<id>). */
  id: string;
  question: string;
  answer: string[];
  steps: string[];
  link?: FaqLink;
}

export interface FaqGroup {
  title: string;
  items: FaqItem[];
}

function readFaqItem(value: unknown): FaqItem | undefined {
  if (!isRecord(value) || typeof value.id !== 'string' || typeof value.question !== 'string')
    return undefined;
  const link =
    isRecord(value.link) && typeof value.link.to === 'string' && typeof value.link.label === 'string'
      ? { to: value.link.to, label: value.link.label }
      : undefined;
  return {
    id: value.id,
    question: value.question,
    answer: asStringList(value.answer),
    steps: asStringList(value.steps),
    ...(link ? { link } : {}),
  };
}

export function readFaqGroups(value: unknown): FaqGroup[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).flatMap((group) => {
    if (typeof group.title !== 'string' || !Array.isArray(group.items)) return [];
    const items = group.items.map(readFaqItem).filter((item): item is FaqItem => item !== undefined);
    return items.length > 0 ? [{ title: group.title, items }] : [];
  });
}
