import type { ReferenceChoices } from '../../core/applications/reference-choices';
import type { BusinessService } from './business-service';

/** The business area's reference lists, answered as their routes answer them (routes.ts). */
export function registerBusinessLists(choices: ReferenceChoices, business: BusinessService): void {
  // The whole schedule: a submitted activity is checked against every one, whatever was searched.
  choices.register('business-activities', async (_params, language) => ({
    data: await business.activities({}, language),
  }));
  choices.register('postal-codes', async () => ({ data: await business.postalCodes() }));
  choices.register('pest-control-providers', async () => ({ data: await business.pestControlProviders() }));
  choices.register('pest-control-services', async () => ({ data: await business.pestControlServices() }));
}
