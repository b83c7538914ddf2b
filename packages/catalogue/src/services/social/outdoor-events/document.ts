import { defineDocument } from '../../../define-service';

/** The outdoor event permit: no registered template fits it. */
export default defineDocument({
  name: 'outdoor-event-permit',
  title: 'Outdoor Event Permit',
  description: 'The permit to hold an outdoor event or festival at the venue and on the dates stated.',
  download_route: '/downloads/template',
  verifiable: true,
  register: 'permit',
  facts: [
    { label: 'Permit number', field: 'number' },
    { label: 'Organiser', field: 'holder' },
    { label: 'Event', field: 'event_name' },
    { label: 'Kind of event', field: 'event_type' },
    { label: 'Venue', field: 'venue' },
    { label: 'Sub-county', field: 'sub_county_code' },
    { label: 'Ward', field: 'ward_code' },
    { label: 'First day', field: 'starts_on' },
    { label: 'Last day', field: 'ends_on' },
    { label: 'Hours', field: 'hours' },
    { label: 'Expected attendance', field: 'expected_attendance' },
    { label: 'Fee paid', field: 'fee' },
    { label: 'Date of issue', field: 'issued_on' },
  ],
  body: [
    'The {county} permits {holder} to hold the event named above at {venue} on the dates and during the hours stated, its security and medical arrangements having been received.',
  ],
  conditions: [
    'The event shall be held only at the venue, on the dates and during the hours stated.',
    'The organiser shall keep the security and medical arrangements submitted, for the attendance stated.',
    'Noise shall be kept within the limits of the county noise control law; no music after the hours stated.',
    'The venue shall be left clean; waste shall be collected by a licensed collector.',
    'This permit may be revoked for reasons of public order or safety; its public page shows whether it stands.',
  ],
});
