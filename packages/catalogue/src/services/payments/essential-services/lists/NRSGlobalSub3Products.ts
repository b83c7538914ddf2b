import { defineReferenceData } from '../../../../reference-data';
import { PRODUCTS } from '../tariff';

/**
 * Level 4 of the product tree, what is charged (parent: `essentialservicessubproducts2`): each
 * item with the unit it is charged by (`unit`, `unit_sw`). Its fee is the tariff row of the same
 * code (schedule "essential-services"). (The items are written once, in the tariff: a list file
 * is loaded by the reference data's glob, so the tariff may not import it.)
 */

const items = PRODUCTS.map(([code, parent, name, name_sw, unit, unit_sw]) => ({
  code,
  parent,
  name,
  name_sw,
  unit,
  unit_sw,
}));

export default defineReferenceData({
  description: 'Essential services: what is charged, with its unit (level 4 of the product tree).',
  items: { nairobi: items, mombasa: items },
});
