import { defineReferenceData } from '../../../../reference-data';

/**
 * The vaccines the county's clinics give for travel or work, each with the certificate it earns.
 * The code is the tariff item (schedule "inoculation").
 */
export default defineReferenceData({
  description: 'Vaccines given for travel or work.',
  invalid_message: 'Please select a vaccine from the list',
  items: {
    nairobi: [
      { code: 'YF', name: 'Yellow fever', name_sw: 'Homa ya manjano' },
      { code: 'TYP', name: 'Typhoid', name_sw: 'Homa ya matumbo' },
      { code: 'MEN', name: 'Meningococcal meningitis (ACWY)', name_sw: 'Homa ya uti wa mgongo (ACWY)' },
      { code: 'HEPB', name: 'Hepatitis B (one dose)', name_sw: 'Homa ya ini B (dozi moja)' },
      { code: 'CHO', name: 'Oral cholera', name_sw: 'Kipindupindu (kwa mdomo)' },
    ],
    mombasa: [
      { code: 'YF', name: 'Yellow fever', name_sw: 'Homa ya manjano' },
      { code: 'TYP', name: 'Typhoid', name_sw: 'Homa ya matumbo' },
      { code: 'MEN', name: 'Meningococcal meningitis (ACWY)', name_sw: 'Homa ya uti wa mgongo (ACWY)' },
      { code: 'HEPB', name: 'Hepatitis B (one dose)', name_sw: 'Homa ya ini B (dozi moja)' },
      { code: 'CHO', name: 'Oral cholera', name_sw: 'Kipindupindu (kwa mdomo)' },
    ],
  },
});
