import { menuOf } from '@kaunti/catalogue/catalogue';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/common.json';
import { landMenu } from './menus';

/** Reads a dotted key of the English common texts. */
function english(key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], en);
}

describe('the Land services menu', () => {
  it("is the catalogue's land menu: the same routes in the same order, with its names and descriptions", () => {
    const catalogue = menuOf('land');
    expect(landMenu.entries.map((e) => e.to)).toEqual(catalogue.map((s) => s.route));
    landMenu.entries.forEach((entry, i) => {
      expect(english(entry.label)).toBe(catalogue[i]?.title);
      expect(english(entry.description)).toBe(catalogue[i]?.description);
    });
  });

  it('has the five entries of the spec, with their descriptions word for word', () => {
    expect(landMenu.entries.map((e) => [e.to, english(e.description)])).toEqual([
      ['/land-rates-bill', 'Request for current Land Rates Bill.'],
      ['/ground-rent', 'Apply Ground Rent or Stand Premium here.'],
      ['/land-transfer', 'Conduct a Land Owner Amendment.'],
      ['/land-survey', 'Apply for land survey.'],
      ['/land-clearance', 'Apply for land clearance.'],
    ]);
  });
});
