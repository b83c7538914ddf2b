import type { CountyProfile } from '../county-profile';

/**
 * Nairobi City County (county code 047): its 17 sub-counties (constituencies) and 85 wards,
 * with IEBC-style codes. The contacts and bank accounts are demonstration values: a real
 * deployment replaces them here (they are seed data, not code paths).
 */
export const nairobi: CountyProfile = {
  code: '047',
  slug: 'nairobi',
  name: 'Nairobi City County',
  portalName: 'Nairobi City County e-Services',
  paybill: '6060047',
  billNoPrefix: 'NCCB',
  bankAccounts: [
    {
      bank: 'Kenya Commercial Bank',
      branch: 'Moi Avenue',
      account_name: 'Nairobi City County Revenue Collection Account',
      account_number: '1107163281',
    },
    {
      bank: 'Co-operative Bank of Kenya',
      branch: 'City Hall Way',
      account_name: 'Nairobi City County Revenue Collection Account',
      account_number: '01141389526700',
    },
  ],
  contacts: {
    phones: ['+254 725 624 489', '+254 738 041 292'],
    emails: ['info@nairobi.go.ke', 'revenue@nairobi.go.ke'],
    postal_address: 'P.O. Box 30075-00100, Nairobi',
    physical_address: 'City Hall, City Hall Way, Nairobi',
    website: 'https://nairobi.go.ke',
    hours: 'Monday to Friday, 8.00 am to 5.00 pm, except public holidays',
  },
  letterhead: {
    title: 'NAIROBI CITY COUNTY',
    subtitle: 'Finance and Economic Planning: Revenue Department',
    motto: 'Let us work together for a better city',
    address_lines: ['City Hall, City Hall Way', 'P.O. Box 30075-00100, Nairobi, Kenya'],
  },
  subCounties: [
    {
      code: '274',
      name: 'Westlands',
      wards: ['Kitisuru', 'Parklands/Highridge', 'Karura', 'Kangemi', 'Mountain View'],
    },
    {
      code: '275',
      name: 'Dagoretti North',
      wards: ['Kilimani', 'Kawangware', 'Gatina', 'Kileleshwa', 'Kabiro'],
    },
    {
      code: '276',
      name: 'Dagoretti South',
      wards: ['Mutu-ini', 'Ngando', 'Riruta', 'Uthiru/Ruthimitu', 'Waithaka'],
    },
    {
      code: '277',
      name: "Lang'ata",
      wards: ['Karen', 'Nairobi West', 'Mugumo-ini', 'South C', 'Nyayo Highrise'],
    },
    {
      code: '278',
      name: 'Kibra',
      wards: ['Laini Saba', 'Lindi', 'Makina', 'Woodley/Kenyatta Golf Course', "Sarang'ombe"],
    },
    { code: '279', name: 'Roysambu', wards: ['Githurai', 'Kahawa West', 'Zimmerman', 'Roysambu', 'Kahawa'] },
    { code: '280', name: 'Kasarani', wards: ['Clay City', 'Mwiki', 'Kasarani', 'Njiru', 'Ruai'] },
    {
      code: '281',
      name: 'Ruaraka',
      wards: ['Baba Dogo', 'Utalii', 'Mathare North', 'Lucky Summer', 'Korogocho'],
    },
    {
      code: '282',
      name: 'Embakasi South',
      wards: ['Imara Daima', 'Kwa Njenga', 'Kwa Reuben', 'Pipeline', 'Kware'],
    },
    {
      code: '283',
      name: 'Embakasi North',
      wards: ['Kariobangi North', 'Dandora Area I', 'Dandora Area II', 'Dandora Area III', 'Dandora Area IV'],
    },
    {
      code: '284',
      name: 'Embakasi Central',
      wards: ['Kayole North', 'Kayole Central', 'Kayole South', 'Komarock', 'Matopeni/Spring Valley'],
    },
    {
      code: '285',
      name: 'Embakasi East',
      wards: ['Upper Savannah', 'Lower Savannah', 'Embakasi', 'Utawala', 'Mihango'],
    },
    { code: '286', name: 'Embakasi West', wards: ['Umoja I', 'Umoja II', 'Mowlem', 'Kariobangi South'] },
    { code: '287', name: 'Makadara', wards: ['Maringo/Hamza', 'Viwandani', 'Harambee', 'Makongeni'] },
    {
      code: '288',
      name: 'Kamukunji',
      wards: ['Pumwani', 'Eastleigh North', 'Eastleigh South', 'Airbase', 'California'],
    },
    {
      code: '289',
      name: 'Starehe',
      wards: ['Nairobi Central', 'Ngara', 'Pangani', 'Ziwani/Kariokor', 'Landimawe', 'Nairobi South'],
    },
    {
      code: '290',
      name: 'Mathare',
      wards: ['Hospital', 'Mabatini', 'Huruma', 'Ngei', 'Mlango Kubwa', 'Kiamaiko'],
    },
  ],
  firstWardCode: 1361,
};
