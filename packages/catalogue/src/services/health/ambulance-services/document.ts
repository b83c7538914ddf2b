import { defineDocument } from '../../../define-service';

/**
 * The county's confirmation of an ambulance booking, as a letter (/downloads/official-letter):
 * who is carried, from where to where, the ambulance and the slot, and what was paid. Valid for
 * the trip only (its validity is the trip's day: the crew checks the date printed on it).
 */
export default defineDocument({
  name: 'ambulance-booking-confirmation',
  title: 'Ambulance Booking Confirmation',
  description: 'Confirms a paid booking of a county ambulance for a planned transfer.',
  download_route: '/downloads/official-letter',
  verifiable: true,
  register: 'letter',
  facts: [
    { label: 'Booking number', field: 'number' },
    { label: 'Booked by', field: 'holder' },
    { label: 'Patient', field: 'patient_name' },
    { label: 'Age', field: 'patient_age' },
    { label: 'Condition', field: 'condition' },
    { label: 'Notes for the crew', field: 'condition_notes' },
    { label: 'Contact at the pick-up', field: 'contact_phone' },
    { label: 'Pick-up place', field: 'pickup_place' },
    { label: 'Destination', field: 'destination' },
    { label: 'Distance (km)', field: 'distance_km' },
    { label: 'Ambulance', field: 'ambulance_code' },
    { label: 'Date of the trip', field: 'trip_date' },
    { label: 'Time of pick-up', field: 'time_slot' },
    { label: 'Charge paid', field: 'fee' },
    { label: 'Date of issue', field: 'issued_on' },
  ],
  body: [
    'The {county} confirms that the ambulance shown above is booked for {patient_name} on the date and at the time shown, booking {application_no}, and that its charge has been paid.',
    'The crew will call the contact at the pick-up before they arrive. The patient should be ready with their discharge or referral papers and any medicines.',
  ],
  conditions: [
    'This booking is for a planned transfer. In an emergency call 999 or 112, or the county ambulance line 1199.',
    'The crew may decline to carry a patient whose condition needs more care than the ambulance gives, and will advise the nearest suitable service.',
    'A booking not used within the time shown lapses; to change it, contact the county health department before the day.',
    'One companion may travel with the patient.',
  ],
});
