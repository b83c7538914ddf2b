import { defineReferenceData } from '../../../../reference-data';

/**
 * The county's parks, gardens and open grounds that are hired out for events (the code is the
 * one booked: decision 031). Nairobi: the parks and grounds the county's Environment department
 * lets; Mombasa: its waterfront park and grounds.
 */
export default defineReferenceData({
  description: "The county's parks and grounds hired out for events.",
  invalid_message: 'Please select a ground from the list',
  items: {
    nairobi: [
      { code: 'UHURU', name: 'Uhuru Park', name_sw: 'Bustani ya Uhuru' },
      { code: 'CENTRAL', name: 'Central Park', name_sw: 'Bustani ya Kati (Central Park)' },
      { code: 'JEVANJEE', name: 'Jevanjee Gardens', name_sw: 'Bustani ya Jevanjee' },
      { code: 'KAMUKUNJI', name: 'Kamukunji Grounds', name_sw: 'Uwanja wa Kamukunji' },
      { code: 'JACARANDA', name: 'Jacaranda Grounds, Embakasi', name_sw: 'Uwanja wa Jacaranda, Embakasi' },
    ],
    mombasa: [
      { code: 'MAMANGINA', name: 'Mama Ngina Waterfront Park', name_sw: 'Bustani ya Mama Ngina' },
      { code: 'TONONOKA', name: 'Tononoka Grounds', name_sw: 'Uwanja wa Tononoka' },
      { code: 'TREASURE', name: 'Treasury Square', name_sw: 'Uwanja wa Treasury' },
    ],
  },
});
