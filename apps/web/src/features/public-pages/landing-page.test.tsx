import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../testing/render-with-app';
import { LandingPage } from './landing-page';
import { SERVICE_AREAS } from './service-areas';

describe('LandingPage', () => {
  it('leads with what the portal does and its primary actions', async () => {
    await renderWithApp(<LandingPage />);
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'Pay county bills, apply for services and verify documents online',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pay a bill' })).toHaveAttribute('href', '/payment');
    expect(screen.getAllByRole('link', { name: 'Verify a document' })[0]).toHaveAttribute(
      'href',
      '/e-verify',
    );
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
  });

  it('shows every service area as a card with its links', async () => {
    await renderWithApp(<LandingPage />);
    expect(SERVICE_AREAS).toHaveLength(8);
    for (const area of SERVICE_AREAS) {
      const card = document.getElementById(`area-${area.id}`)!.closest('section')!;
      const hrefs = within(card)
        .queryAllByRole('link')
        .map((link) => link.getAttribute('href'));
      expect(hrefs).toEqual(area.links.filter((link) => !link.planned).map((link) => link.to));
    }
    const land = document.getElementById('area-land')!.closest('section')!;
    expect(within(land).getByRole('link', { name: 'Land Rates Bill' })).toHaveAttribute(
      'href',
      '/land-rates-bill',
    );
    expect(land).toHaveTextContent('Request for current Land Rates Bill.');
    expect(land).toHaveTextContent('Conduct a Land Owner Amendment.');
  });

  it('marks the services not available yet as coming soon, with no link to sign in for', async () => {
    await renderWithApp(<LandingPage />);
    // Markets and stalls, and market cess, are built (issue 41): links.
    const markets = document.getElementById('area-markets')!.closest('section')!;
    expect(within(markets).getByRole('link', { name: 'Markets and Stalls' })).toHaveAttribute(
      'href',
      '/markets',
    );
    expect(within(markets).getByRole('link', { name: 'Market Cess' })).toHaveAttribute(
      'href',
      '/markets/cess',
    );
    expect(within(markets).queryByText('Coming soon')).toBeNull();
    // Every county estates service is built (issue 40): links, none coming soon.
    const property = document.getElementById('area-property')!.closest('section')!;
    for (const name of [/Tenancy transfer/i, /Property management/i, /Next of kin/i])
      expect(within(property).getByRole('link', { name })).toBeInTheDocument();
    expect(within(property).queryByText('Coming soon')).toBeNull();
    expect(within(property).getByRole('link', { name: 'Building Plan Approval' })).toBeInTheDocument();
    // What is built stays a link.
    const parking = document.getElementById('area-parking')!.closest('section')!;
    expect(within(parking).getByRole('link', { name: 'Daily Parking' })).toHaveAttribute('href', '/parking');
    expect(within(parking).queryByText('Coming soon')).toBeNull();
  });

  it("explains paying with the county's paybill and bank accounts", async () => {
    await renderWithApp(<LandingPage />);
    const pay = screen.getByRole('region', { name: 'How to pay' });
    expect(within(pay).getByTestId('landing-paybill')).toHaveTextContent('Paybill 7654321');
    expect(pay).toHaveTextContent('Business number: 7654321.');
    expect(pay).toHaveTextContent('First Test Bank');
    expect(pay).toHaveTextContent('444555666');
    expect(pay).not.toHaveTextContent('6060047');
  });

  it('explains the four verification results', async () => {
    await renderWithApp(<LandingPage />);
    const verify = screen.getByRole('region', { name: 'How to verify a document' });
    for (const term of ['Valid', 'Tampered', 'Revoked', 'Expired']) {
      expect(within(verify).getByText(term, { selector: 'dt' })).toBeInTheDocument();
    }
  });

  it('is in Kiswahili when the language is Kiswahili', async () => {
    const { container } = await renderWithApp(<LandingPage />, { language: 'sw' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Lipa bili za kaunti, omba huduma na uthibitishe hati mtandaoni',
    );
    expect(screen.getByRole('link', { name: 'Lipa bili' })).toHaveAttribute('href', '/payment');
    expect(container.textContent).not.toContain('{{');
  });
});
