import { defineReferenceData } from '../../../../reference-data';
import { PRODUCE } from '../tariff';

/**
 * The produce market cess is charged on, each with the unit it is counted in (`unit`,
 * `unit_sw`); its fee is the tariff row of the same code (schedule "market-cess").
 */
const items = PRODUCE.map(([code, name, name_sw, unit, unit_sw]) => ({ code, name, name_sw, unit, unit_sw }));

export default defineReferenceData({
  description: 'Market cess: the produce charged, with its unit.',
  items: { nairobi: items, mombasa: items },
  invalid_message: 'Please choose the produce from the list',
});
