import { defineDocument } from '../../../define-service';

/** The certificate of registration of a community group: no registered template fits it. */
export default defineDocument({
  name: 'community-group-certificate',
  title: 'Certificate of Registration of a Community Group',
  description: "The county social services department's registration of a self-help or community group.",
  download_route: '/downloads/template',
  verifiable: true,
  register: 'certificate',
  validity_days: 365,
  facts: [
    { label: 'Registration number', field: 'number' },
    { label: 'Name of the group', field: 'group_name' },
    { label: 'Kind of group', field: 'group_type' },
    { label: 'Activities', field: 'activities' },
    { label: 'Sub-county', field: 'sub_county_code' },
    { label: 'Ward', field: 'ward_code' },
    { label: 'Meeting place', field: 'meeting_place' },
    { label: 'Members', field: 'members_count' },
    { label: 'Date of registration', field: 'issued_on' },
    { label: 'Valid until', field: 'valid_until' },
  ],
  tables: [
    {
      title: 'Officials',
      field: 'officials',
      columns: [
        { label: 'Office', key: 'office' },
        { label: 'Name', key: 'full_name' },
      ],
    },
  ],
  body: [
    'The {county} Department of Social Services registers {group_name} as a community group, its constitution and officials having been received under application {application_no}.',
  ],
  conditions: [
    'The group shall be run by its constitution; a change of officials shall be notified to the ward social development officer within thirty (30) days.',
    'The group shall hold an annual general meeting and keep minutes and a record of its accounts.',
    'This registration shall be renewed every year; an unrenewed group may be struck off.',
    'This certificate does not make the group a company, society or non-governmental organisation.',
  ],
});
