import { findService, services } from '@kaunti/catalogue/catalogue';
import { catalogueIndexOf } from '@kaunti/catalogue/catalogue-index';
import { submitPathOf } from '@kaunti/catalogue/definition';

/** The catalogue's services as the API lists them: the catalogue's index, with where to submit. */
export function catalogueOf(language: 'en' | 'sw' = 'en') {
  return catalogueIndexOf(services).services.map(({ page: _page, ...entry }) => {
    const service = findService(entry.id)!;
    const texts = language === 'sw' ? service.texts?.sw : undefined;
    return {
      ...entry,
      title: texts?.title || entry.title,
      description: texts?.description || entry.description,
      submit_path: submitPathOf(service),
    };
  });
}
