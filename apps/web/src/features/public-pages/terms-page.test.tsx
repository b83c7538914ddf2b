import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import enCommon from '../../locales/en/common.json';
import swCommon from '../../locales/sw/common.json';
import { renderWithApp } from '../../testing/render-with-app';
import { isTermsId, TERMS_IDS, termsTitleKey } from './terms-ids';
import { TermsPage } from './terms-page';

function clauses() {
  return screen.getAllByRole('listitem').filter((item) => item.hasAttribute('data-clause'));
}

describe('terms ids', () => {
  it('knows the six published terms and nothing else', () => {
    for (const id of TERMS_IDS) expect(isTermsId(id)).toBe(true);
    for (const other of ['', 'General', 'business_permit', 'sbp', 'constructor', undefined]) {
      expect(isTermsId(other)).toBe(false);
    }
  });

  it('gives each a title in English and Kiswahili', () => {
    expect(termsTitleKey('unified-business-permit')).toBe('titles.termsUnifiedBusinessPermit');
    for (const id of TERMS_IDS) {
      const key = termsTitleKey(id).replace('titles.', '') as keyof typeof enCommon.titles;
      expect(enCommon.titles[key], id).toMatch(/^Terms and conditions: /);
      expect(swCommon.titles[key], id).toMatch(/^Sheria na masharti: /);
    }
  });
});

describe('TermsPage', () => {
  it('lists the 12 conditions of the single business permit, numbered 1 to 12', async () => {
    await renderWithApp(<TermsPage id="business-permit" />);
    const items = clauses();
    expect(items).toHaveLength(12);
    expect(items.map((item) => item.getAttribute('data-clause'))).toEqual(
      Array.from({ length: 12 }, (_, index) => `${index + 1}.`),
    );
    expect(items[0]).toHaveTextContent('valid only for the trade');
    expect(items[9]).toHaveTextContent('forges this permit');
    expect(items[9]).toHaveTextContent("a fine of up to 50,000 shillings or 3 months' imprisonment");
    expect(items[10]).toHaveTextContent('fails to renew');
    expect(items[10]).toHaveTextContent("50,000 shillings or 3 months' imprisonment");
    expect(items[11]).toHaveTextContent('does not legitimise the occupation of any space');
  });

  it('lists the 15 conditions of the unified business permit with the fine in words', async () => {
    await renderWithApp(<TermsPage id="unified-business-permit" />);
    const items = clauses();
    expect(items).toHaveLength(15);
    expect(items[14]).toHaveTextContent(
      'a fine of up to fifty thousand shillings or imprisonment for up to three months',
    );
  });

  it('numbers sections and their clauses ("2.1") in a multi-section document', async () => {
    await renderWithApp(<TermsPage id="payments" />);
    expect(screen.getByRole('heading', { level: 2, name: '1. Ways to pay' })).toBeInTheDocument();
    const first = clauses()[0]!;
    expect(first).toHaveAttribute('data-clause', '1.1');
    // The paybill comes from the county, not from the text.
    expect(first).toHaveTextContent('Paybill 7654321');
    expect(screen.getByRole('navigation', { name: 'Contents' })).toBeInTheDocument();
  });

  it.each(['en', 'sw'] as const)(
    'renders every terms id in %s, with no placeholder left',
    async (language) => {
      for (const id of TERMS_IDS) {
        const { unmount, container } = await renderWithApp(<TermsPage id={id} />, { language });
        expect(clauses().length, id).toBeGreaterThan(1);
        expect(container.textContent).not.toContain('{{');
        unmount();
      }
    },
  );

  it('links to the other terms and marks the current one', async () => {
    await renderWithApp(<TermsPage id="parking" />);
    const nav = screen.getByRole('navigation', { name: 'Other terms and conditions' });
    const links = within(nav).getAllByRole('link');
    expect(links).toHaveLength(TERMS_IDS.length);
    expect(within(nav).getByRole('link', { name: 'Parking' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Single Business Permit' })).toHaveAttribute(
      'href',
      '/terms-and-conditions/business-permit',
    );
  });

  it('is in Kiswahili when the language is Kiswahili', async () => {
    await renderWithApp(<TermsPage id="business-permit" />, { language: 'sw' });
    expect(clauses()[9]).toHaveTextContent('faini ya hadi shilingi 50,000 au kifungo cha miezi 3');
  });
});
