import type { FormPostHandler } from '../../lib/page-render';

/** The form's answers, as typed. */
export type ParkingValues = {
  plate: string;
  zone_code: string;
  vehicle_type: string;
  phone_number: string;
};

/** What a plain form post to /parking answered: the answers, to show again with their amount. */
export interface ParkingPosted {
  values: ParkingValues;
}

/**
 * /parking as a plain form post, before the page's script arrived (lib/page-render.ts): the page
 * again with what was typed and the amount for its zone and vehicle type. It sends no M-Pesa
 * prompt: money moves only from the page itself, once it has loaded and the amount was seen.
 */
export const parkingPost: FormPostHandler = async (form) => {
  const field = (name: keyof ParkingValues) => (form.get(name) ?? '').slice(0, 100);
  const state: ParkingPosted = {
    values: {
      plate: field('plate'),
      zone_code: field('zone_code'),
      vehicle_type: field('vehicle_type'),
      phone_number: field('phone_number'),
    },
  };
  return { kind: 'page', state };
};
