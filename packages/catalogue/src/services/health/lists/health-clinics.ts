import { defineReferenceData } from '../../../reference-data';

/**
 * The county's clinics that examine, vaccinate and certify (the health services' "where"): each
 * county's own public facilities. Nairobi: City Hall clinic and its sub-county health centres;
 * Mombasa: its county hospital and health centres.
 */
export default defineReferenceData({
  description: "The county's clinics that examine, vaccinate and certify.",
  invalid_message: 'Please select a clinic from the list',
  items: {
    nairobi: [
      {
        code: 'CHC',
        name: 'City Hall Clinic, City Hall Way',
        name_sw: 'Kliniki ya City Hall, City Hall Way',
      },
      { code: 'MBG', name: 'Mbagathi County Hospital', name_sw: 'Hospitali ya Kaunti ya Mbagathi' },
      { code: 'PUM', name: 'Pumwani Majengo Health Centre', name_sw: 'Kituo cha Afya cha Pumwani Majengo' },
      { code: 'KAN', name: 'Kangemi Health Centre', name_sw: 'Kituo cha Afya cha Kangemi' },
      { code: 'EMB', name: 'Embakasi Health Centre', name_sw: 'Kituo cha Afya cha Embakasi' },
      { code: 'KAS', name: 'Kasarani Health Centre', name_sw: 'Kituo cha Afya cha Kasarani' },
    ],
    mombasa: [
      {
        code: 'CPG',
        name: 'Coast General Teaching and Referral Hospital',
        name_sw: 'Hospitali Kuu ya Pwani',
      },
      { code: 'TUD', name: 'Tudor Sub-County Hospital', name_sw: 'Hospitali ya Kaunti Ndogo ya Tudor' },
      { code: 'MAK', name: 'Makadara Health Centre', name_sw: 'Kituo cha Afya cha Makadara' },
    ],
  },
});
