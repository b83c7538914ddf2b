import { PRINTABLE_NAMES } from '@kaunti/contract/printables';
import { describe, expect, it } from 'vitest';
import { composeDocument, durationInWords } from './document-compose';
import { composePrinted, printedIn, registeredTemplateTexts, templateIn } from './document-texts';
import {
  BUILT_IN_FACTS,
  type DocumentTemplate,
  documentTemplateSchema,
  exampleFeeOf,
} from './registries/document-template';
import { documentTemplates, registeredTemplates } from './registries/documents';
import { missingTemplateTexts } from './service-texts';

const ISSUED = new Date('2026-03-14T09:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

function composeExample(template: DocumentTemplate, extra: Record<string, unknown> = {}) {
  const example = template.example!;
  return composeDocument(template, {
    holder: example.holder,
    holder_id: example.holder_id,
    number: example.number,
    county: 'Nairobi City County',
    application_no: 'TST-2026-000001',
    reference: example.reference,
    fee_cents: exampleFeeOf(template),
    issued_at: ISSUED,
    expires_at: template.validity_days ? new Date(ISSUED.getTime() + template.validity_days * DAY) : null,
    values: { ...example.values, ...extra },
  });
}

describe('document templates', () => {
  it('every printable route of the spec prints at least one template', () => {
    const printed = new Set(
      Object.values(documentTemplates).map((t) => 'download_route' in t && t.download_route),
    );
    expect(PRINTABLE_NAMES.filter((name) => !printed.has(`/downloads/${name}`))).toEqual([]);
  });

  it.each(Object.values(documentTemplates).map((t) => [t.name, t] as const))(
    '%s is a valid template',
    (_name, template) => {
      expect(documentTemplateSchema.safeParse(template).error).toBeUndefined();
    },
  );

  it.each(registeredTemplates().map((t) => [t.name, t] as const))(
    '%s: its example fills in every fact, table and placeholder',
    (_name, template) => {
      if (!template.example) return; // produced by a service: the service's examples fill it in.
      const printed = composeExample(template);
      const empty = printed.facts.filter((f) => f.value === '-').map((f) => f.label);
      expect(empty, 'facts the example leaves empty').toEqual([]);
      for (const table of printed.tables) expect(table.rows.length, table.title).toBeGreaterThan(0);
      for (const text of [...printed.body, ...printed.conditions]) {
        expect(text).not.toMatch(/\{[a-z_]+\}/);
        expect(text).not.toMatch(/(^|\s)-(\s|$)/);
      }
      for (const fact of template.facts ?? [])
        expect(
          (BUILT_IN_FACTS as readonly string[]).includes(fact.field) || fact.field in template.example.values,
          fact.field,
        ).toBe(true);
    },
  );
});

describe('composeDocument', () => {
  it('the Single Business Permit: page 1 facts in the spec order, 12 terms on a page of their own', () => {
    const printed = composeExample(documentTemplates['single-business-permit']);
    expect(printed.facts.map((f) => f.label)).toEqual([
      'Effective date',
      'Expiry date',
      'Permit ID',
      'Commercial name',
      'KRA PIN',
      'Activity',
      'Activity code',
      'Permit fee',
      'Sub-county',
      'Ward',
      'Address',
      'Unit',
      'Floor',
      'Building',
      'Plot',
      'Road',
      // Whether the county's register knows the business (issue 36 item 6).
      'County register',
    ]);
    expect(printed.facts.slice(0, 3).map((f) => f.value)).toEqual([
      '14th March 2026',
      '14th March 2027 (12 months)',
      'SBP-2025-900101',
    ]);
    expect(printed.facts.find((f) => f.label === 'Permit fee')?.value).toBe('KES 10,500.00');
    // A value worded in each language prints in the document's own.
    const template = documentTemplates['single-business-permit'];
    const note = { en: 'Not verified against the county register', sw: 'Haijathibitishwa' };
    const withNote = (language: 'en' | 'sw') =>
      composeDocument(template, {
        holder: 'Kariakor Leather Works',
        number: 'SBP-2026-000001',
        county: 'Nairobi City County',
        issued_at: new Date('2026-03-14T09:00:00+03:00'),
        expires_at: null,
        values: { register_check: note },
        language,
      }).facts.at(-1)?.value;
    expect([withNote('en'), withNote('sw')]).toEqual([note.en, note.sw]);
    expect(printed.conditions).toHaveLength(12);
    expect(printed.conditions.join(' ')).toContain('fifty thousand shillings');
    expect(printed).toMatchObject({ conditions_page: true, conditions_title: 'Terms and conditions' });
  });

  it('the Unified Business Permit: at most 5 business lines, its charges from the bill, 15 conditions', () => {
    const template = documentTemplates['unified-business-permit'];
    const line = template.example.values.business_lines[0];
    const printed = composeExample(template, {
      business_lines: Array.from({ length: 6 }, (_, i) => ({ ...line, code: String(500 + i) })),
    });
    const [lines, charges] = printed.tables;
    expect(lines?.rows.map((r) => r[0])).toEqual(['500', '501', '502', '503', '504']);
    // A charge is printed by its name: its tariff item ("325:mini") is no name (issue 36 item 23).
    expect(charges?.columns).toEqual([
      { label: 'Description', money: false },
      { label: 'Amount', money: true },
    ]);
    expect(charges?.rows[0]).toEqual(['Business permit: small eating house or café', 'KES 7,500.00']);
    expect(printed.conditions).toHaveLength(15);
    expect(printed.facts.find((f) => f.label === 'Postal address')?.value).toBe(
      'P.O. Box 30211-00100, Nairobi',
    );
  });

  it('prints a dash for a fact the application left empty, and a choice by its label', () => {
    const template = documentTemplates['single-business-permit'];
    const printed = composeDocument(template, {
      holder: 'Baraka Traders',
      number: 'SBP-2026-000002',
      county: 'Nairobi City County',
      issued_at: ISSUED,
      expires_at: null,
      values: { business_name: 'Baraka Traders', sub_county_code: '274' },
      describe: (field, value) =>
        field === 'sub_county_code' && value === '274' ? 'Westlands (274)' : undefined,
    });
    const fact = (label: string) => printed.facts.find((f) => f.label === label)?.value;
    expect(fact('Road')).toBe('-');
    expect(fact('Expiry date')).toBe('-');
    expect(fact('Sub-county')).toBe('Westlands (274)');
  });

  it('gives the default facts to a template without its own', () => {
    const printed = composeDocument(documentTemplates['clearance-certificate'], {
      holder: 'Wanjiku Mary Kariuki',
      number: 'LND-2026-000412',
      county: 'Nairobi City County',
      application_no: 'LND-2026-000412',
      reference: '209/10001',
      reference_label: 'Parcel (LR number)',
      service: 'Land clearance',
      issued_at: ISSUED,
      expires_at: new Date(ISSUED.getTime() + 90 * DAY),
      values: {},
    });
    expect(printed.facts).toEqual([
      { label: 'Issued to', value: 'Wanjiku Mary Kariuki' },
      { label: 'Application number', value: 'LND-2026-000412' },
      { label: 'Parcel (LR number)', value: '209/10001' },
      { label: 'Service', value: 'Land clearance' },
      { label: 'Date of issue', value: '14th March 2026' },
      { label: 'Valid until', value: '12th June 2026' },
    ]);
    expect(printed.body[0]).toContain('in respect of parcel 209/10001');
  });

  it('prints a date the form keeps (yyyy-mm-dd, or a moment) as a date in words (issue 36 item 23)', () => {
    const template: DocumentTemplate = {
      name: 'dated',
      title: 'Dated',
      description: 'A template printing dates.',
      verifiable: false,
      facts: [
        { label: 'Starts', field: 'start_date' },
        { label: 'Inspected', field: 'inspected_at' },
      ],
      body: ['Valid from {start_date}.'],
    };
    const printed = composeDocument(template, {
      holder: 'Baraka Traders',
      number: 'X-1',
      county: 'Nairobi City County',
      issued_at: ISSUED,
      expires_at: null,
      values: { start_date: '2024-01-01', inspected_at: '2024-03-02T21:30:00Z' },
    });
    expect(printed.facts.map((f) => f.value)).toEqual(['1st January 2024', '3rd March 2024']);
    expect(printed.body).toEqual(['Valid from 1st January 2024.']);
  });

  it('says a validity in words', () => {
    const after = (days: number) => durationInWords(ISSUED, new Date(ISSUED.getTime() + days * DAY));
    expect([after(1), after(7), after(30), after(90), after(182), after(365)]).toEqual([
      '1 day',
      '7 days',
      '1 month',
      '3 months',
      '6 months',
      '12 months',
    ]);
  });

  it.each(Object.values(documentTemplates).map((t) => [t.name, t as DocumentTemplate] as const))(
    '%s: every label and term has its Kiswahili (registries/documents.sw.json), with the same placeholders',
    (name, template) => {
      const texts = registeredTemplateTexts[name];
      expect(missingTemplateTexts(template, texts, name), 'missing in documents.sw.json').toEqual([]);
      const placeholders = (text: string | undefined) =>
        [...new Set(text?.match(/\{[a-z_]+\}/g) ?? [])].sort();
      (template.body ?? []).forEach((text, i) => {
        expect(placeholders(texts?.body?.[i]), `${name}.body.${i}`).toEqual(placeholders(text));
      });
      (template.conditions ?? []).forEach((text, i) => {
        expect(placeholders(texts?.conditions?.[i]), `${name}.conditions.${i}`).toEqual(placeholders(text));
      });
    },
  );

  it('fills a template in Kiswahili beside its English: its texts, dates "14 Machi 2026" and durations', () => {
    const template = documentTemplates['single-business-permit'];
    const example = template.example;
    const printed = composePrinted(template, {
      holder: example.holder,
      number: example.number,
      county: 'Nairobi City County',
      issued_at: ISSUED,
      expires_at: new Date(ISSUED.getTime() + 365 * DAY),
      values: example.values,
    });
    const english = printedIn(printed, 'en');
    expect(english).not.toHaveProperty('sw');
    expect(english.title).toBe('Single Business Permit');
    expect(english.facts[0]).toEqual({ label: 'Effective date', value: '14th March 2026' });
    const kiswahili = printedIn(printed, 'sw');
    expect(kiswahili.title).toBe(templateIn(template, 'sw').title);
    expect(kiswahili.title).toBe('Kibali cha Biashara Moja');
    expect(kiswahili.facts[0]).toEqual({ label: 'Tarehe ya kuanza', value: '14 Machi 2026' });
    expect(kiswahili.facts[1]).toEqual({ label: 'Tarehe ya kuisha', value: '14 Machi 2027 (miezi 12)' });
    expect(kiswahili.conditions_title).toBe('Sheria na masharti');
    expect(kiswahili.conditions).toHaveLength(12);
    expect(kiswahili.body[0]).toContain('Mama Mboga Enterprises');
    // A document issued before it had its Kiswahili prints in English.
    expect(printedIn({ ...english }, 'sw')).toEqual(english);
  });

  it('prints the default facts in Kiswahili', () => {
    const printed = composeDocument(templateIn(documentTemplates['clearance-certificate'], 'sw'), {
      language: 'sw',
      holder: 'Wanjiku Mary Kariuki',
      number: 'LND-2026-000412',
      county: 'Nairobi City County',
      application_no: 'LND-2026-000412',
      issued_at: ISSUED,
      expires_at: new Date(ISSUED.getTime() + 90 * DAY),
      values: {},
    });
    expect(printed.facts.map((f) => f.label)).toEqual([
      'Imetolewa kwa',
      'Nambari ya ombi',
      'Tarehe ya kutolewa',
      'Halali hadi',
    ]);
    expect(printed.facts.at(-1)?.value).toBe('12 Juni 2026');
    expect(printed.conditions_title).toBe('Masharti');
    expect(durationInWords(ISSUED, new Date(ISSUED.getTime() + DAY), 'sw')).toBe('siku 1');
  });
});
