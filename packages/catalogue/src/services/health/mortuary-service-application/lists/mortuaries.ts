import { defineReferenceData } from '../../../../reference-data';

/**
 * The county's public mortuaries. Nairobi: the City Mortuary on Ngong Road and the mortuaries
 * of its county hospitals; Mombasa: Coast General's and the sub-county hospitals'.
 */
export default defineReferenceData({
  description: "The county's public mortuaries.",
  invalid_message: 'Please select a mortuary from the list',
  items: {
    nairobi: [
      { code: 'CTM', name: 'City Mortuary, Ngong Road', name_sw: 'Mochari ya Jiji, Barabara ya Ngong' },
      {
        code: 'MBG',
        name: 'Mbagathi County Hospital Mortuary',
        name_sw: 'Mochari ya Hospitali ya Kaunti ya Mbagathi',
      },
      {
        code: 'MLK',
        name: 'Mama Lucy Kibaki Hospital Mortuary',
        name_sw: 'Mochari ya Hospitali ya Mama Lucy Kibaki',
      },
    ],
    mombasa: [
      {
        code: 'CPG',
        name: 'Coast General Teaching and Referral Hospital Mortuary',
        name_sw: 'Mochari ya Hospitali Kuu ya Pwani',
      },
      {
        code: 'TUD',
        name: 'Tudor Sub-County Hospital Mortuary',
        name_sw: 'Mochari ya Hospitali ya Kaunti Ndogo ya Tudor',
      },
    ],
  },
});
