import type { CountyProfile } from '../county-profile';

/**
 * Mombasa County (county code 001): its 6 sub-counties (constituencies) and 30 wards, with
 * IEBC-style codes. The paybill, contacts and bank accounts are demonstration values: a real
 * deployment replaces them here (they are seed data, not code paths).
 */
export const mombasa: CountyProfile = {
  code: '001',
  slug: 'mombasa',
  name: 'Mombasa County',
  portalName: 'Mombasa County e-Services',
  paybill: '972900',
  billNoPrefix: 'MCB',
  bankAccounts: [
    {
      bank: 'Kenya Commercial Bank',
      branch: 'Treasury Square',
      account_name: 'County Government of Mombasa Revenue Account',
      account_number: '1102479935',
    },
    {
      bank: 'National Bank of Kenya',
      branch: 'Nkrumah Road',
      account_name: 'County Government of Mombasa Revenue Account',
      account_number: '01003084512700',
    },
  ],
  contacts: {
    phones: ['+254 41 231 2291', '+254 709 913 000'],
    emails: ['info@mombasa.go.ke', 'revenue@mombasa.go.ke'],
    postal_address: 'P.O. Box 90440-80100, Mombasa',
    physical_address: 'County Headquarters, Treasury Square, Mombasa',
    website: 'https://www.mombasa.go.ke',
    hours: 'Monday to Friday, 8.00 am to 5.00 pm, except public holidays',
  },
  letterhead: {
    title: 'COUNTY GOVERNMENT OF MOMBASA',
    subtitle: 'Finance and Economic Planning: Revenue Directorate',
    motto: 'Mombasa yetu, jukumu letu',
    address_lines: ['Treasury Square', 'P.O. Box 90440-80100, Mombasa, Kenya'],
  },
  subCounties: [
    { code: '001', name: 'Changamwe', wards: ['Port Reitz', 'Kipevu', 'Airport', 'Changamwe', 'Chaani'] },
    { code: '002', name: 'Jomvu', wards: ['Jomvu Kuu', 'Miritini', 'Mikindani'] },
    {
      code: '003',
      name: 'Kisauni',
      wards: ['Mjambere', 'Junda', 'Bamburi', 'Mwakirunge', 'Mtopanga', 'Magogoni', 'Shanzu'],
    },
    {
      code: '004',
      name: 'Nyali',
      wards: ['Frere Town', "Ziwa la Ng'ombe", 'Mkomani', 'Kongowea', 'Kadzandani'],
    },
    { code: '005', name: 'Likoni', wards: ['Mtongwe', 'Shika Adabu', 'Bofu', 'Likoni', 'Timbwani'] },
    {
      code: '006',
      name: 'Mvita',
      wards: ['Mji wa Kale/Makadara', 'Tudor', 'Tononoka', 'Shimanzi/Ganjoni', 'Majengo'],
    },
  ],
  firstWardCode: 1,
};
