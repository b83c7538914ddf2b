import { findService } from '@kaunti/catalogue/catalogue';
import { notFound } from '../../platform/errors';
import type { ApplicationParts } from './application-types';

/** The service's booking calls (decision 031): the hold-expiry job and a resource's availability. */
export function createApplicationBookings(deps: ApplicationParts) {
  const { db, bookings } = deps;
  return {
    /**
     * The `booking holds` job (decision 031): applications whose unpaid booking is past its time
     * are cancelled with their bills, so what they booked is free. Answers how many.
     */
    expireUnpaidBookings(now?: Date): Promise<number> {
      return bookings.expireUnpaid(db, now);
    },

    /**
     * What a service's booked resource has free from `from` to `to` (decision 031): each day and,
     * for a slot booking, each slot. A service that books nothing: 404.
     */
    bookingAvailability(
      serviceId: string,
      query: { resource: string; from: string; to?: string | undefined },
    ) {
      const service = findService(serviceId);
      if (!service?.booking) throw notFound('This service books nothing.');
      return bookings.availability(db, service, query.resource, query.from, query.to ?? query.from);
    },
  };
}
