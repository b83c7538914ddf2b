import { services as catalogueServices } from '@kaunti/catalogue/catalogue';
import type { ServiceDefinition } from '@kaunti/catalogue/definition';
import { kenyaDate } from '../bills/kenya-date';
import { endOfKenyanDay } from './ticket-common';
import type { PeriodKind, TicketBlock } from './ticket-types';

/** The bills of tickets carry this kind (`ticket:<service>:…`): their paid handler is this module's. */
export const KIND = 'ticket';

/** The end of a Kenyan month ("2026-11"), as an instant. */
function endOfKenyanMonth(month: string): Date {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
  return new Date(new Date(`${next}-01T00:00:00+03:00`).getTime() - 1);
}

/** Which period a ticket's answers buy: the definition's, or the one its period field chooses. */
export function periodKindOf(ticket: TicketBlock, values: Record<string, unknown>): PeriodKind {
  if (typeof ticket.period === 'string') return ticket.period;
  return ticket.period.periods[String(values[ticket.period.from_field] ?? '')] ?? 'day';
}

/**
 * The thing paid for: the service, its `once_per` answers and the period (Kenya's day or month),
 * e.g. `ticket:market-cess:KCB 442T:WAK:POT:2026-11-29` — one open bill for it (decision 007).
 */
export function obligationOf(
  service: Pick<ServiceDefinition, 'id'>,
  ticket: TicketBlock,
  values: Record<string, unknown>,
  at: Date = new Date(),
): { key: string; period: string; kind: PeriodKind; validUntil: Date } {
  const kind = periodKindOf(ticket, values);
  const day = kenyaDate(at);
  const period = kind === 'month' ? day.slice(0, 7) : day;
  const parts = ticket.once_per.map((name) => String(values[name] ?? ''));
  return {
    key: [KIND, service.id, ...parts, period].join(':'),
    period,
    kind,
    validUntil: kind === 'month' ? endOfKenyanMonth(period) : endOfKenyanDay(day),
  };
}

/** "Vehicle {plate}" with the answers filled in. */
export const fill = (text: string, values: Record<string, unknown>) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));

/** The catalogue's ticket services (workflow "ticket"), each with its ticket block. */
export function ticketServices(
  all: readonly ServiceDefinition[] = catalogueServices,
): (ServiceDefinition & { ticket: TicketBlock })[] {
  return all.filter(
    (s): s is ServiceDefinition & { ticket: TicketBlock } =>
      s.workflow === 'ticket' && s.ticket !== undefined,
  );
}
