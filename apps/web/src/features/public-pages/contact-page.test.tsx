import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp, testCounty } from '../../testing/render-with-app';
import { ContactPage } from './contact-page';

const subCounties = {
  data: [
    {
      code: '274',
      name: 'Westlands',
      wards: [
        { code: '1', name: 'Kitisuru' },
        { code: '2', name: 'Karura' },
      ],
    },
    { code: '277', name: "Lang'ata", wards: [{ code: '3', name: 'Karen' }] },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('ContactPage', () => {
  it("shows the county's phones as tel: links and e-mails as mailto: links", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, subCounties)),
    );
    await renderWithApp(<ContactPage />);
    expect(screen.getByRole('link', { name: '+254 700 000 111' })).toHaveAttribute(
      'href',
      'tel:+254700000111',
    );
    expect(screen.getByRole('link', { name: 'revenue@test.go.ke' })).toHaveAttribute(
      'href',
      'mailto:revenue@test.go.ke',
    );
    expect(screen.getByText('P.O. Box 1-00100, Test')).toBeInTheDocument();
    expect(screen.getByText('Monday to Friday, 8.00 am to 5.00 pm')).toBeInTheDocument();
  });

  it("says the county's hours in Kiswahili on the Kiswahili setting (issue 36 item 23)", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, subCounties)),
    );
    const hours = 'Monday to Friday, 8.00 am to 5.00 pm, except public holidays';
    await renderWithApp(<ContactPage />, {
      language: 'sw',
      county: { ...testCounty, contacts: { ...testCounty.contacts, hours } },
    });
    expect(
      await screen.findByText(
        'Jumatatu hadi Ijumaa, saa 2.00 asubuhi hadi saa 11.00 jioni, isipokuwa sikukuu za umma',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(hours)).toBeNull();
  });

  it('lists the sub-county offices from the API', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, subCounties));
    vi.stubGlobal('fetch', fetchMock);
    await renderWithApp(<ContactPage />);
    const list = await screen.findByTestId('sub-counties');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Westlands2 wards', "Lang'ata1 ward"]);
    expect(screen.getByText(/The 2 sub-counties are:/)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/county/sub-counties', expect.anything());
  });

  it('says when the list cannot be loaded, and tries again on request', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse(503, { message: 'Service unavailable', code: 'unavailable' }))
      .mockResolvedValueOnce(jsonResponse(200, subCounties));
    vi.stubGlobal('fetch', fetchMock);
    await renderWithApp(<ContactPage />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load the list of sub-county offices.');
    expect(alert).toHaveTextContent('Service unavailable');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Westlands')).toBeInTheDocument();
  });

  it('is in Kiswahili, with the ward counts too', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, subCounties)),
    );
    await renderWithApp(<ContactPage />, { language: 'sw' });
    expect(screen.getByRole('heading', { level: 2, name: 'Tupigie simu au utuandikie' })).toBeInTheDocument();
    expect(await screen.findByText('wadi 2')).toBeInTheDocument();
  });
});
