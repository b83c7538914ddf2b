import { findService } from '@kaunti/catalogue/catalogue';
import type { MyPermit } from '@kaunti/contract/api-business';
import { formatDisplayDate } from '@kaunti/contract/dates';
import type { PaymentService } from '../payments/payment-service';
import type { Screen, UssdLanguage } from '../ussd/screens';
import { say } from '../ussd/texts';
import type { UssdCaller, UssdMenuEntry } from '../ussd/ussd-service';
import type { Renewals } from './renewals';

const WORDS = {
  en: {
    title: 'Renew a permit',
    listTitle: 'Due for renewal',
    none: 'None of your permits or licences may be renewed now: they are renewed from 30 days before they expire.',
    choice: '{number} {name}',
    confirm: '{service}\n{name}\n{state} {date}',
    expires: 'Expires',
    expired: 'Expired',
    renewAndPay: 'Renew and pay',
  },
  sw: {
    title: 'Huisha kibali',
    listTitle: 'Vibali vya kuhuishwa',
    none: 'Hakuna kibali wala leseni yako inayoweza kuhuishwa sasa: huhuishwa kuanzia siku 30 kabla ya muda kuisha.',
    choice: '{number} {name}',
    confirm: '{service}\n{name}\n{state} {date}',
    expires: 'Kinaisha',
    expired: 'Kiliisha',
    renewAndPay: 'Huisha na ulipe',
  },
} as const;

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

type Permits = Pick<Renewals, 'mine' | 'renew'>;

/**
 * Renewing a permit or licence by USSD (issue 42): those of the account registered to the calling
 * phone that may be renewed now (the renewal engine's list, as /permits shows it, decision 040), one chosen, then "Renew and pay" — the same renewal as
 * `POST /api/permits/{id}/renewal` (last year's answers, priced again) and the M-Pesa prompt
 * for its bill to the calling phone. The renewal is made only on that last step: every step walks
 * the caller's answers again from the top, so nothing before it may change anything.
 */
export function renewalUssd(deps: {
  permits: Permits;
  payments: Pick<PaymentService, 'startObligationPush'>;
  accountOf: (caller: UssdCaller) => Promise<{ id: string } | undefined>;
  paidScreen: (
    caller: UssdCaller,
    outcome: Promise<{ kind: 'prompted'; amountCents: number; what: string }>,
  ) => Promise<Screen>;
}): UssdMenuEntry {
  const words = (language: UssdLanguage) => WORDS[language];

  function confirm(caller: UssdCaller, userId: string, permit: MyPermit): Screen {
    const w = words(caller.language);
    return {
      kind: 'menu',
      title: fill(w.confirm, {
        service:
          (caller.language === 'sw' && findService(permit.service_id)?.texts?.sw?.title) ||
          permit.service_title,
        name: permit.business_name,
        state: permit.days_left < 0 ? w.expired : w.expires,
        date: formatDisplayDate(permit.expires_at.slice(0, 10), caller.language),
      }),
      choices: [
        {
          label: w.renewAndPay,
          open: () =>
            deps.paidScreen(
              caller,
              deps.permits.renew(userId, permit.document.id, caller.requestId).then(async (submitted) => {
                if (!submitted.bill) throw new Error('A renewal without a bill');
                const push = await deps.payments.startObligationPush({
                  billNo: submitted.bill.bill_no,
                  phone: caller.phone,
                  requestId: caller.requestId,
                  anyBill: true,
                });
                return { kind: 'prompted' as const, amountCents: push.amount_cents, what: permit.permitNo };
              }),
            ),
        },
      ],
    };
  }

  return {
    order: 115,
    title: { en: WORDS.en.title, sw: WORDS.sw.title },
    open: async (caller) => {
      const account = await deps.accountOf(caller);
      if (!account) return { kind: 'end', text: say(caller.language, 'noAccount') };
      const due = (await deps.permits.mine(account.id)).filter((p) => p.renewable);
      const w = words(caller.language);
      if (due.length === 0) return { kind: 'end', text: w.none };
      return {
        kind: 'menu',
        title: w.listTitle,
        choices: due.map((permit) => ({
          label: fill(w.choice, { number: permit.permitNo, name: permit.business_name }),
          open: () => confirm(caller, account.id, permit),
        })),
      };
    },
  };
}
