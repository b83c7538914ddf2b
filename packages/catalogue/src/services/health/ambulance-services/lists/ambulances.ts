import { defineReferenceData } from '../../../../reference-data';

/**
 * The county's ambulances that can be booked for a planned transfer, each named by its base and
 * its level of care (the code is the one booked: decision 031). Nairobi: the county health
 * department's fleet at its hospitals; Mombasa: at Coast General and the sub-county hospitals.
 * Demonstration registrations in the county's own (GK/CG) style.
 */
export default defineReferenceData({
  description: "The county's ambulances that can be booked for a planned transfer.",
  invalid_message: 'Please select an ambulance from the list',
  items: {
    nairobi: [
      {
        code: 'NCC-AMB-01',
        name: 'Ambulance 01, Mbagathi County Hospital (advanced life support)',
        name_sw: 'Ambulensi 01, Hospitali ya Kaunti ya Mbagathi (huduma ya juu ya kuokoa maisha)',
      },
      {
        code: 'NCC-AMB-02',
        name: 'Ambulance 02, Mama Lucy Kibaki Hospital (advanced life support)',
        name_sw: 'Ambulensi 02, Hospitali ya Mama Lucy Kibaki (huduma ya juu ya kuokoa maisha)',
      },
      {
        code: 'NCC-AMB-03',
        name: 'Ambulance 03, Pumwani Maternity Hospital (basic life support)',
        name_sw: 'Ambulensi 03, Hospitali ya Uzazi ya Pumwani (huduma ya msingi ya kuokoa maisha)',
      },
      {
        code: 'NCC-AMB-04',
        name: 'Ambulance 04, Mutuini Sub-County Hospital (basic life support)',
        name_sw: 'Ambulensi 04, Hospitali ya Kaunti Ndogo ya Mutuini (huduma ya msingi ya kuokoa maisha)',
      },
    ],
    mombasa: [
      {
        code: 'MSA-AMB-01',
        name: 'Ambulance 01, Coast General Teaching and Referral Hospital (advanced life support)',
        name_sw: 'Ambulensi 01, Hospitali Kuu ya Pwani (huduma ya juu ya kuokoa maisha)',
      },
      {
        code: 'MSA-AMB-02',
        name: 'Ambulance 02, Tudor Sub-County Hospital (basic life support)',
        name_sw: 'Ambulensi 02, Hospitali ya Kaunti Ndogo ya Tudor (huduma ya msingi ya kuokoa maisha)',
      },
    ],
  },
});
