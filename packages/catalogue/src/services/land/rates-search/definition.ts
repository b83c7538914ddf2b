import { defineService } from '../../../define-service';
import { lrNumberField } from '../shared-fields';

/**
 * Rates search: a statement of a parcel's rates account (valuation, annual rates, arrears) for a
 * buyer, a lender or a valuer. A fixed search fee (fee schedule "land-fees", item
 * "rates-search"); the statement is issued as soon as it is paid.
 */
export const ratesSearch = defineService({
  id: 'rates-search',
  route: '/rates-search',
  area: 'land',
  title: 'Rates Search',
  description: "Search a parcel's rates account before you buy, lend or value.",
  menu: false,
  order: 6,
  application_prefix: 'LND',
  reference_field: 'lr_number',
  steps: [
    {
      id: 'search',
      title: 'Search',
      fields: [
        lrNumberField,
        {
          name: 'search_purpose',
          kind: 'select',
          label: 'Why are you searching?',
          options: {
            static: [
              { value: 'purchase', label: 'I am buying the property' },
              { value: 'lending', label: 'Lending against it (bank or SACCO)' },
              { value: 'valuation', label: 'Valuation' },
              { value: 'legal', label: 'Legal proceedings' },
              { value: 'own-record', label: 'My own records' },
            ],
          },
          required_message: 'Please select why you are searching',
        },
      ],
    },
  ],
  fee: { rule: 'fixed', params: { schedule: 'land-fees', item: 'rates-search' } },
  workflow: 'instant',
  produces: 'rates-statement',
  submit: {
    method: 'POST',
    path: '/api/lands/rate_search/application',
    success_message: 'Rates search application submitted successfully',
  },
});

export default ratesSearch;
