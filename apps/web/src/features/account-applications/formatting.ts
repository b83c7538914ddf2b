import type { ServiceDefinition } from '@kaunti/catalogue/definition';
import { formatDisplayMoment } from '@kaunti/contract/dates';
import { useTranslation } from '../../lib/translator';

/** A moment in the county's time zone, in the reader's language: "22nd November 2026, 14:05". */
export function formatMoment(iso: string, language: string): string {
  return formatDisplayMoment(iso, language);
}

/**
 * A service's name and a step's title in the reader's language. The server answers them in
 * English (the catalogue's); the other languages come from the service folders' texts, which the
 * translator holds as `common:services.<id>.title` and `.steps.<step id>.title` (i18n.ts).
 */
export function useServiceNames() {
  const { t } = useTranslation(['applications', 'common']);
  return {
    service(serviceId: string, english: string): string {
      return t(`common:services.${serviceId}.title`, { defaultValue: english });
    },
    /** The step of this service (its definition: see service-definitions.ts), if it has one. */
    step(
      service: ServiceDefinition | undefined,
      index: number,
    ): { title: string; total: number } | undefined {
      const step = service?.steps[index];
      if (!service || !step) return undefined;
      return {
        title: t(`common:services.${service.id}.steps.${step.id}.title`, {
          defaultValue: step.title,
        }),
        total: service.steps.length,
      };
    },
  };
}
