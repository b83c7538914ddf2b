import { describe, expect, it } from 'vitest';
import { statusSmsText } from './status-sms';

/** The citizen's status SMS: the engine's words, or a service's own (`status_sms`, decision 036). */
describe('status SMS', () => {
  const moved = (serviceId: string, from: string, to: string, note: string | null = null) => ({
    applicationNo: 'PMG-2026-000007',
    serviceId,
    from,
    to,
    note,
  });
  const print = 'https://eservices.test.go.ke/downloads/official-letter?id=abc';

  it("says a service's own steps in its words, the officer's note and the letter filled in", () => {
    expect(statusSmsText(moved('property-management', 'submitted', 'under_review'), null)).toBe(
      'County e-services: we have received your request PMG-2026-000007 to the county estates office. An officer will look at it and send you a message.',
    );
    expect(
      statusSmsText(
        moved('property-management', 'under_review', 'approved', ' Plumber visits on Tuesday, 9 to 12 '),
        null,
      ),
    ).toBe('County e-services: your request PMG-2026-000007 is approved. Plumber visits on Tuesday, 9 to 12');
    expect(statusSmsText(moved('property-management', 'under_review', 'approved'), null)).toBe(
      'County e-services: your request PMG-2026-000007 is approved.',
    );
    expect(statusSmsText(moved('property-management', 'approved', 'issued'), print, 'sw')).toBe(
      `Huduma za kaunti: ombi lako PMG-2026-000007 limeshughulikiwa na kufungwa. Barua yako: ${print}`,
    );
  });

  it("leaves the rest to the engine's words: an answer back under review is not received again", () => {
    expect(statusSmsText(moved('property-management', 'needs_info', 'under_review'), null)).toBeNull();
    expect(statusSmsText(moved('next-of-kin', 'under_review', 'approved', 'Checked'), null)).toBe(
      'County e-services: application PMG-2026-000007 has been approved. We will send you a message when its document is ready.',
    );
    expect(statusSmsText(moved('next-of-kin', 'submitted', 'under_review'), null)).toBeNull();
  });
});
