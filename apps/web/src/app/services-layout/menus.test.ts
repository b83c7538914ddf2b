import { describe, expect, it } from 'vitest';
import { catalogueMenu } from './menus';

describe('the Land services menu', () => {
  it("is the catalogue's: the spec's five entries in its order, with their descriptions word for word", () => {
    expect(
      catalogueMenu('land').entries.map((e) => [e.to, e.english?.label, e.english?.description]),
    ).toEqual([
      ['/land-rates-bill', 'Land Rates Bill', 'Request for current Land Rates Bill.'],
      ['/ground-rent', 'Ground Rent / Stand Premium', 'Apply Ground Rent or Stand Premium here.'],
      ['/land-transfer', 'Land Owner Amendment', 'Conduct a Land Owner Amendment.'],
      ['/land-survey', 'Land Survey', 'Apply for land survey.'],
      ['/land-clearance', 'Land Clearance', 'Apply for land clearance.'],
    ]);
    expect(catalogueMenu('land')).toMatchObject({ title: 'menus.land.title', englishTitle: 'Land services' });
  });
});
