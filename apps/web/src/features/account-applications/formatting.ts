import type { ServiceDefinition } from '@kaunti/catalogue/definition';
import { formatDisplayMoment } from '@kaunti/contract/dates';
import { useTranslation } from '../../lib/translator';

/** A moment in the county's time zone, in the reader's language: "22nd November 2026, 14:05". */
export function formatMoment(iso: string, language: string): string {
  return formatDisplayMoment(iso, language);
}

/**
 * A service's name and a step's title in the reader's language. The server answers them in
 * English (the catalogue's); the area namespaces translate the catalogue's texts with keys
 * `services.<id>.title` and `services.<id>.steps.<step id>.title` (see the service wizard).
 */
export function useServiceNames() {
  const { t } = useTranslation(['applications', 'land']);
  return {
    service(serviceId: string, english: string): string {
      return t(`applications:services.${serviceId}`, { defaultValue: english });
    },
    /** The step of this service (its definition: see service-definitions.ts), if it has one. */
    step(
      service: ServiceDefinition | undefined,
      index: number,
    ): { title: string; total: number } | undefined {
      const step = service?.steps[index];
      if (!service || !step) return undefined;
      return {
        title: t(`${service.area}:services.${service.id}.steps.${step.id}.title`, {
          defaultValue: step.title,
        }),
        total: service.steps.length,
      };
    },
  };
}
