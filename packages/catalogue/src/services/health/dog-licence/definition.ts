import { defineService } from '../../../define-service';

/**
 * Dog licence: the yearly licence to keep a dog (the Rabies Act and the county's animal control
 * law), for the account holder, its owner: the dog (name, breed, sex, colour), its rabies
 * vaccination within the last year (the date, the vet and the certificate uploaded) and where it
 * is kept. A fixed yearly fee (schedule "dog-licence"); paid, it is issued at once from the
 * registered dog-licence template (/downloads/dog-licence), valid a year.
 */
export default defineService({
  id: 'dog-licence',
  route: '/dog-licence',
  area: 'health',
  title: 'Dog Licence',
  description: 'Licence your dog for the year, with its rabies vaccination.',
  menu: true,
  order: 8,
  application_prefix: 'DOG',
  reference_field: 'dog_name',
  steps: [
    {
      id: 'dog',
      title: 'The dog',
      fields: [
        {
          name: 'dog_name',
          kind: 'text',
          label: "Dog's name",
          min: 1,
          max: 40,
          required_message: "Please enter the dog's name",
          example: 'Simba',
        },
        {
          name: 'breed',
          kind: 'text',
          label: 'Breed',
          hint: 'e.g. German Shepherd, or cross-breed',
          min: 2,
          max: 60,
          required_message: 'Please enter the breed',
          example: 'German Shepherd',
        },
        {
          name: 'sex',
          kind: 'select',
          label: 'Sex',
          options: {
            static: [
              { value: 'male', label: 'Male' },
              { value: 'female', label: 'Female' },
            ],
          },
          required_message: 'Please select the sex',
          example: 'male',
        },
        {
          name: 'colour',
          kind: 'text',
          label: 'Colour and markings',
          min: 2,
          max: 60,
          required_message: 'Please enter the colour',
          example: 'Black and tan',
        },
      ],
    },
    {
      id: 'rabies',
      title: 'Rabies vaccination',
      description: 'A dog is vaccinated against rabies every year.',
      fields: [
        {
          name: 'rabies_vaccination',
          kind: 'date',
          label: 'Date of the last rabies vaccination',
          hint: 'Within the last 12 months',
          min_date: '-1y',
          max_date: 'today',
          required_message: 'Please enter the date of the last rabies vaccination',
        },
        {
          name: 'vaccinated_by',
          kind: 'text',
          label: 'Veterinary surgeon or clinic',
          min: 3,
          max: 100,
          required_message: 'Please enter the veterinary surgeon or clinic',
          example: 'Kabete Veterinary Clinic',
        },
        {
          name: 'rabiesCertificate',
          kind: 'file',
          label: 'Rabies vaccination certificate',
          hint: 'JPEG, PNG or PDF, up to 5 MB',
          required_message: 'Please upload the rabies vaccination certificate',
        },
      ],
    },
    {
      id: 'home',
      title: 'Where the dog is kept',
      fields: [
        {
          name: 'address',
          kind: 'text',
          label: 'Address',
          hint: 'The house, road and estate',
          min: 5,
          max: 200,
          required_message: 'Please enter the address where the dog is kept',
          example: 'House 14, Kileleshwa Court, Kileleshwa',
        },
      ],
    },
  ],
  required_documents: [{ field: 'rabiesCertificate', title: "The dog's rabies vaccination certificate" }],
  fee: { rule: 'fixed', params: { schedule: 'dog-licence', item: 'yearly' } },
  renewable: true,
  workflow: 'instant',
  produces: 'dog-licence',
  submit: { method: 'POST', success_message: 'Dog licence application submitted successfully' },
});
