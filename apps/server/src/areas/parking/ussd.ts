import { normalisePlate } from '@kaunti/catalogue/registries/field-kinds';
import { priceService } from '../../core/applications/fees';
import type { UssdService } from '../../core/ussd/service-menu';
import { ussdDefinition } from '../../core/ussd/ussd-service';
import type { Db } from '../../platform/db/database';
import type { ParkingService } from './parking-service';

/**
 * Daily parking on the USSD menu (issue 42): the screens are its definition's (plate, zone,
 * vehicle type; the caller's phone pays); paying is `POST /api/parking/daily`'s own path, so a
 * day is paid once whichever channel paid it and the plate check sees it.
 */
export function dailyParkingUssd(deps: { db: Db; parking: ParkingService }): UssdService {
  const definition = ussdDefinition('daily-parking');
  const what = (values: Record<string, unknown>) =>
    `${normalisePlate(String(values.plate ?? '')) ?? String(values.plate ?? '')}, ${String(values.zone_code ?? '')}`;
  return {
    definition,
    describe: (values) => what(values),
    async price(values) {
      const lines = await priceService(deps.db, definition, values);
      return lines.reduce((sum, line) => sum + line.amount_cents, 0);
    },
    async pay({ values, requestId }) {
      const result = await deps.parking.daily({ payload: values, userId: null, requestId });
      const paidFor = `${result.ticket.plate}, ${result.ticket.zone_name}`;
      return result.already_paid
        ? { kind: 'paid', what: paidFor }
        : { kind: 'prompted', amountCents: result.ticket.amount_cents, what: paidFor };
    },
  };
}
