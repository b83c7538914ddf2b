import { useCounty } from '../../lib/county';

/**
 * The county's details that the information pages' texts interpolate ({{county}}, {{paybill}},
 * {{email}}...). Texts never hard-code them: another county runs the same pages with its own.
 */
export interface CountyValues {
  county: string;
  portal: string;
  paybill: string;
  phone: string;
  email: string;
  address: string;
}

export function useCountyValues(): CountyValues {
  const county = useCounty();
  return {
    county: county?.name ?? '',
    portal: county?.portal_name ?? '',
    paybill: county?.paybill ?? '',
    phone: county?.contacts.phones[0] ?? '',
    email: county?.contacts.emails[0] ?? '',
    address: county?.contacts.physical_address ?? '',
  };
}
