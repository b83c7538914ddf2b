import type { Area } from './area';
import { businessArea } from './business';
import { landArea } from './land';
import { marketsArea } from './markets';
import { parkingArea } from './parking';
import { paymentsArea } from './payments';
import { propertyArea } from './property';
import { transportArea } from './transport';

/**
 * Every service area, in the order they register (decision 041). The order is the one place an
 * area's place is decided: what an area hooks on the engine runs in this order (land's validator
 * of a property service before the estates'), and the USSD menu lists the areas' services so.
 * A new area is a folder with an index.ts exporting its `defineArea`, and a line here.
 */
export const areas: readonly Area[] = [
  landArea,
  propertyArea,
  businessArea,
  parkingArea,
  marketsArea,
  paymentsArea,
  transportArea,
];
