import { defineService } from '../../../define-service';

/**
 * Ambulance services: a county ambulance booked for a planned transfer of a patient (a discharge
 * home, a referral, a clinic visit), on a day and in one of its time slots. The ambulance is a
 * booking (decision 031): no two paid-or-pending bookings hold one ambulance in one slot, and an
 * unpaid booking lets go after 30 minutes. Charged by distance band (schedule "ambulance"), paid
 * on booking, and confirmed at once: the letter at /downloads/official-letter. Emergencies are
 * not booked here: the first step says to call 999, 112 or 1199.
 */
export default defineService({
  id: 'ambulance-services',
  route: '/ambulance-services',
  area: 'health',
  title: 'Ambulance Services',
  description: 'Book a county ambulance for a planned transfer of a patient.',
  menu: true,
  order: 5,
  application_prefix: 'AMB',
  reference_field: 'patient_name',
  steps: [
    {
      id: 'patient',
      title: 'Patient',
      description: 'The person the ambulance carries.',
      content: [
        {
          type: 'notice',
          text: 'In an emergency, do not book: call 999 or 112, or the county ambulance line 1199. This form books a planned transfer.',
        },
      ],
      fields: [
        {
          name: 'patient_name',
          kind: 'text',
          label: "Patient's full name",
          min: 3,
          max: 100,
          required_message: "Please enter the patient's full name",
          example: 'Mzee Kariuki Njoroge',
        },
        {
          name: 'patient_age',
          kind: 'integer',
          label: "Patient's age in years",
          min: 0,
          max: 120,
          required_message: "Please enter the patient's age",
          example: 74,
        },
        {
          name: 'condition',
          kind: 'select',
          label: "Patient's condition",
          options: {
            static: [
              { value: 'seated', label: 'Can sit during the trip' },
              { value: 'stretcher', label: 'Needs a stretcher' },
              { value: 'oxygen', label: 'Needs oxygen on the way' },
              { value: 'critical', label: 'Needs a paramedic and monitoring' },
            ],
          },
          required_message: "Please select the patient's condition",
          example: 'stretcher',
        },
        {
          name: 'condition_notes',
          kind: 'textarea',
          label: 'What the crew should know',
          hint: 'Mobility, medicines, a companion travelling',
          required: false,
          max: 500,
          example: 'Recovering from a hip operation; his daughter travels with him.',
        },
        {
          name: 'contact_phone',
          kind: 'phone',
          label: 'Phone number of the person at the pick-up',
          required_message: 'Please enter the phone number of the person at the pick-up',
          example: '0722000111',
        },
      ],
    },
    {
      id: 'trip',
      title: 'Trip',
      description: 'Where from, where to, and how far.',
      fields: [
        {
          name: 'pickup_place',
          kind: 'text',
          label: 'Pick-up place',
          hint: 'The building, road and estate, or the hospital and ward',
          min: 5,
          max: 200,
          required_message: 'Please enter the pick-up place',
          example: 'Kenyatta National Hospital, Ward 5D, Hospital Road',
        },
        {
          name: 'destination',
          kind: 'text',
          label: 'Destination',
          hint: 'The health facility or the home, with its road and estate',
          min: 5,
          max: 200,
          required_message: 'Please enter the destination',
          example: 'Home: House 12, Kahawa West Estate, Kasarani',
        },
        {
          name: 'distance_km',
          kind: 'integer',
          label: 'Distance by road, in kilometres',
          hint: 'An estimate: the charge is by distance band',
          min: 1,
          max: 500,
          required_message: 'Please enter the distance by road',
          example: 18,
        },
      ],
    },
    {
      id: 'booking',
      title: 'Ambulance and time',
      description: 'The ambulance is held for you for 30 minutes until the booking is paid.',
      fields: [
        {
          name: 'ambulance_code',
          kind: 'select',
          label: 'Ambulance',
          options: { list: 'ambulances' },
          required_message: 'Please select the ambulance',
          example: 'NCC-AMB-01',
        },
        {
          name: 'trip_date',
          kind: 'date',
          label: 'Date of the trip',
          hint: 'Within the next 30 days',
          min_date: 'today',
          max_date: '+30d',
          required_message: 'Please enter the date of the trip',
        },
        {
          name: 'time_slot',
          kind: 'select',
          label: 'Time of pick-up',
          options: {
            static: [
              { value: '06-09', label: '06:00 to 09:00' },
              { value: '09-12', label: '09:00 to 12:00' },
              { value: '12-15', label: '12:00 to 15:00' },
              { value: '15-18', label: '15:00 to 18:00' },
              { value: '18-21', label: '18:00 to 21:00' },
            ],
          },
          required_message: 'Please select the time of pick-up',
          example: '09-12',
        },
      ],
    },
  ],
  booking: {
    resource: 'ambulance',
    resource_field: 'ambulance_code',
    date_field: 'trip_date',
    slot_field: 'time_slot',
    hold_minutes: 30,
  },
  fee: {
    rule: 'band',
    params: {
      schedule: 'ambulance',
      field: 'distance_km',
      bands: [
        { up_to: 10, item: 'within-10km' },
        { up_to: 30, item: '11-30km' },
        { up_to: 60, item: '31-60km' },
        { up_to: null, item: 'over-60km' },
      ],
    },
  },
  workflow: 'instant',
  produces: 'ambulance-booking-confirmation',
  submit: {
    method: 'POST',
    success_message: 'Ambulance booked. Pay within 30 minutes to keep it.',
  },
});
