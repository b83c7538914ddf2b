/** One entry of a services menu: a route, its name and its description (i18n keys, common namespace). */
export interface ServicesMenuEntry {
  to: string;
  label: string;
  description: string;
}

export interface ServicesMenu {
  id: string;
  /** i18n key of the menu's name, e.g. "menus.land.title". */
  title: string;
  entries: ServicesMenuEntry[];
}

/** Spec, section 2: the Land services menu, five entries in this order. */
export const landMenu: ServicesMenu = {
  id: 'land',
  title: 'menus.land.title',
  entries: [
    { to: '/land-rates-bill', label: 'menus.land.ratesBill', description: 'menus.land.ratesBillDescription' },
    { to: '/ground-rent', label: 'menus.land.groundRent', description: 'menus.land.groundRentDescription' },
    { to: '/land-transfer', label: 'menus.land.transfer', description: 'menus.land.transferDescription' },
    { to: '/land-survey', label: 'menus.land.survey', description: 'menus.land.surveyDescription' },
    { to: '/land-clearance', label: 'menus.land.clearance', description: 'menus.land.clearanceDescription' },
  ],
};

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
