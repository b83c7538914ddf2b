import type { ServiceArea } from '@kaunti/catalogue/definition';
import { areaTitle, serviceDescriptionKey, servicesOfArea, serviceTitleKey } from '../../lib/catalogue-index';

/**
 * One entry of a services menu: a route, its name and its description (i18n keys, common
 * namespace), with the English to show where no translation exists (a catalogue service's own).
 */
export interface ServicesMenuEntry {
  to: string;
  label: string;
  description: string;
  english?: { label: string; description: string };
}

export interface ServicesMenu {
  id: string;
  /** i18n key of the menu's name, e.g. "menus.land.title". */
  title: string;
  /** Its English name, where the locale has none. */
  englishTitle?: string;
  entries: ServicesMenuEntry[];
}

/**
 * An area's services menu (spec section 2), from the catalogue: its services marked `menu`, in
 * their order, each with its title and description (land: the spec's five entries).
 */
export function catalogueMenu(area: ServiceArea): ServicesMenu {
  return {
    id: area,
    title: `menus.${area}.title`,
    englishTitle: areaTitle(area),
    entries: servicesOfArea(area)
      .filter((s) => s.menu)
      .map((s) => ({
        to: s.route,
        label: serviceTitleKey(s.id),
        description: serviceDescriptionKey(s.id),
        english: { label: s.title, description: s.description },
      })),
  };
}

/** The public information pages share the same layout. */
export const informationMenu: ServicesMenu = {
  id: 'information',
  title: 'menus.information.title',
  entries: [
    { to: '/contact', label: 'titles.contact', description: 'menus.information.contactDescription' },
    { to: '/faqs', label: 'titles.faqs', description: 'menus.information.faqsDescription' },
    {
      to: '/terms-and-conditions/general',
      label: 'titles.terms',
      description: 'menus.information.termsDescription',
    },
    {
      to: '/reserved-parking-terms-and-conditions',
      label: 'titles.reservedParkingTerms',
      description: 'menus.information.reservedParkingDescription',
    },
    {
      to: '/data-privacy-policy',
      label: 'titles.privacy',
      description: 'menus.information.privacyDescription',
    },
  ],
};
