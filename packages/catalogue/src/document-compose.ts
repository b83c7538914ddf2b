import type { ComposedDocument } from '@kaunti/contract/api-documents';
import { formatDisplayDate, formatDocumentDate } from '@kaunti/contract/dates';
import { formatKes } from '@kaunti/contract/money';
import type { DocumentTemplate } from './registries/document-template';

/** The languages a document prints in: English (the templates' own) and Kiswahili. */
export type DocumentLanguage = 'en' | 'sw';

/** What a document is filled in with when it is issued. */
export interface ComposeContext {
  holder: string;
  /** The holder's ID number (a personal document): from the same source as `holder`. */
  holder_id?: string | undefined;
  /** The document's own number. */
  number: string;
  /** The county's name, e.g. "Nairobi City County". */
  county: string;
  application_no?: string | undefined;
  /** What the application is about (its reference field's value: parcel, business, plate). */
  reference?: string | undefined;
  /** How the reference is labelled among the default facts; none: not printed there. */
  reference_label?: string | undefined;
  /** The service's title. */
  service?: string | undefined;
  /** What was paid for it, in cents. */
  fee_cents?: number | undefined;
  issued_at: Date;
  expires_at: Date | null;
  /** The application's answers (and `bill_lines`: the bill's charges). */
  values: Record<string, unknown>;
  /** A field's value in words (a choice's label), when it is not the value itself. */
  describe?: (field: string, value: unknown) => string | undefined;
  /**
   * The language it prints in (default English): its dates ("1st January 2024", "1 Januari
   * 2024"), durations and default labels. The template's own texts are given in that language
   * (`templateIn`).
   */
  language?: DocumentLanguage | undefined;
}

/** What a document prints in its own words, besides its template's texts. */
const WORDS: Record<
  DocumentLanguage,
  {
    issuedTo: string;
    applicationNo: string;
    service: string;
    issuedOn: string;
    validUntil: string;
    conditions: string;
    days: (n: number) => string;
    months: (n: number) => string;
  }
> = {
  en: {
    issuedTo: 'Issued to',
    applicationNo: 'Application number',
    service: 'Service',
    issuedOn: 'Date of issue',
    validUntil: 'Valid until',
    conditions: 'Conditions',
    days: (n) => (n === 1 ? '1 day' : `${n} days`),
    months: (n) => (n === 1 ? '1 month' : `${n} months`),
  },
  sw: {
    issuedTo: 'Imetolewa kwa',
    applicationNo: 'Nambari ya ombi',
    service: 'Huduma',
    issuedOn: 'Tarehe ya kutolewa',
    validUntil: 'Halali hadi',
    conditions: 'Masharti',
    days: (n) => `siku ${n}`,
    months: (n) => (n === 1 ? 'mwezi 1' : `miezi ${n}`),
  },
};

const DAY_MS = 24 * 60 * 60 * 1000;
const DASH = '-';
/** A date (or a moment) as a form keeps it: printed as a date in words, never as typed. */
const ISO_DAY = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** A validity in words: 365 days → "12 months" ("miezi 12"), 90 → "3 months", 1 → "1 day" ("siku 1"). */
export function durationInWords(issuedAt: Date, expiresAt: Date, language: DocumentLanguage = 'en'): string {
  const days = Math.round((expiresAt.getTime() - issuedAt.getTime()) / DAY_MS);
  const months = Math.round(days / 30.4);
  if (days >= 28 && Math.abs(months * 30.4 - days) <= 3) return WORDS[language].months(months);
  return WORDS[language].days(days);
}

/** `{ en: "…", sw: "…" }`: a value an area words in both languages. */
function isWordsByLanguage(value: unknown): value is { en: string; sw?: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as { en?: unknown }).en === 'string'
  );
}

/**
 * Fills a template in: the facts (the template's own, in order, or the default ones), the tables,
 * the wording with its placeholders replaced, and the conditions. Pure: the server keeps what it
 * returns, so a document issued once prints the same for ever, whatever later happens to the
 * template.
 */
export function composeDocument(template: DocumentTemplate, ctx: ComposeContext): ComposedDocument {
  const language = ctx.language ?? 'en';
  const words = WORDS[language];
  const date = (value: Date | string) =>
    language === 'en' ? formatDocumentDate(value) : formatDisplayDate(value, language);
  const builtIn: Record<string, string | undefined> = {
    holder: ctx.holder,
    holder_id: ctx.holder_id,
    number: ctx.number,
    county: ctx.county,
    application_no: ctx.application_no,
    reference: ctx.reference,
    service: ctx.service,
    fee: ctx.fee_cents === undefined ? undefined : formatKes(ctx.fee_cents),
    issued_on: date(ctx.issued_at),
    valid_until: ctx.expires_at ? date(ctx.expires_at) : undefined,
    duration: ctx.expires_at ? durationInWords(ctx.issued_at, ctx.expires_at, language) : undefined,
    expiry_with_duration: ctx.expires_at
      ? `${date(ctx.expires_at)} (${durationInWords(ctx.issued_at, ctx.expires_at, language)})`
      : undefined,
  };
  const inWords = (field: string, value: unknown): string | undefined => {
    if (value === undefined || value === null || value === '') return undefined;
    const described = ctx.describe?.(field, value);
    if (described !== undefined) return described;
    // A value with words in each language (an area's derived note: `{ en, sw }`), in this one.
    if (isWordsByLanguage(value)) return language === 'sw' && value.sw ? value.sw : value.en;
    if (typeof value === 'string' && ISO_DAY.test(value.trim()))
      return formatDisplayDate(value.trim(), language);
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      return String(value);
    return undefined;
  };
  const lookup = (field: string): string | undefined =>
    builtIn[field] || inWords(field, ctx.values[field]) || undefined;
  const fill = (text: string) => text.replace(/\{([a-z_]+)\}/g, (_, field: string) => lookup(field) ?? DASH);

  const facts = template.facts
    ? template.facts.map(({ label, field }) => ({ label, value: lookup(field) ?? DASH }))
    : defaultFacts(ctx, builtIn, words);

  const tables = (template.tables ?? []).map((table) => {
    const rows = Array.isArray(ctx.values[table.field]) ? (ctx.values[table.field] as unknown[]) : [];
    return {
      title: table.title,
      columns: table.columns.map((c) => ({ label: c.label, money: c.money === true })),
      rows: rows.slice(0, table.max_rows ?? rows.length).map((row) =>
        table.columns.map((c) => {
          const cell = row && typeof row === 'object' ? (row as Record<string, unknown>)[c.key] : undefined;
          if (c.money) return typeof cell === 'number' && Number.isInteger(cell) ? formatKes(cell) : DASH;
          return inWords(c.key, cell) ?? DASH;
        }),
      ),
    };
  });

  return {
    template: template.name,
    title: template.title,
    facts,
    tables,
    body: (template.body ?? []).map(fill),
    conditions: (template.conditions ?? []).map(fill),
    conditions_title: template.conditions_title ?? words.conditions,
    conditions_page: template.conditions_page === true,
  };
}

function defaultFacts(
  ctx: ComposeContext,
  builtIn: Record<string, string | undefined>,
  words: (typeof WORDS)[DocumentLanguage],
) {
  const facts = [{ label: words.issuedTo, value: ctx.holder }];
  if (ctx.application_no) facts.push({ label: words.applicationNo, value: ctx.application_no });
  if (ctx.reference && ctx.reference_label) facts.push({ label: ctx.reference_label, value: ctx.reference });
  if (ctx.service) facts.push({ label: words.service, value: ctx.service });
  facts.push({ label: words.issuedOn, value: builtIn.issued_on ?? DASH });
  if (builtIn.valid_until) facts.push({ label: words.validUntil, value: builtIn.valid_until });
  return facts;
}
