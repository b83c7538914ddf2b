import { findService } from '@kaunti/catalogue/catalogue';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/common.json';
import { LAND_WIZARD_SERVICES } from './routes';

describe('the wizard routes', () => {
  it.each(LAND_WIZARD_SERVICES)(
    '$path renders the catalogue service of that route',
    ({ path, serviceId, title }) => {
      const service = findService(serviceId);
      expect(service?.route).toBe(`/${path}`);
      const key = title.replace(/^titles\./, '') as keyof typeof en.titles;
      expect(en.titles[key]).toBe(service?.title);
    },
  );
});
