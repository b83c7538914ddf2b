import { createHmac } from 'node:crypto';
import { services as catalogueServices, findService } from '@kaunti/catalogue/catalogue';
import type { FieldDefinition } from '@kaunti/catalogue/definition';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { preparedStatement } from '../../platform/db/prepared';
import { AppError } from '../../platform/errors';
import { users } from '../accounts/schema';
import type { ReferenceChoices } from '../applications/reference-choices';
import type { BillService } from '../bills/bill-service';
import type { CountyService } from '../county/county-service';
import type { DocumentService } from '../documents/document-service';
import type { PaymentService } from '../payments/payment-service';
import type { VerificationService } from '../verification/verification-service';
import { ussdCallers } from './schema';
import { type Screen, type UssdLanguage, walk } from './screens';
import { serviceScreens, USSD_FIELD_KINDS, type UssdPaymentOutcome, type UssdService } from './service-menu';
import { say, sayVerified, screenWords, shillings } from './texts';

/** A request from the gateway: the caller's answers so far, joined by `*`. */
export interface UssdRequest {
  sessionId: string;
  phoneNumber: string;
  text: string;
  requestId?: string | undefined;
}

/** Who is calling, in which language, on which request. */
export interface UssdCaller {
  /** The 254 form. */
  phone: string;
  language: UssdLanguage;
  requestId?: string | undefined;
}

/** An entry of the main menu an area brings (land rates), for what a definition cannot say. */
export interface UssdMenuEntry {
  order: number;
  title: Record<UssdLanguage, string>;
  open: (caller: UssdCaller) => Screen | Promise<Screen>;
}

/** A phone's language as kept, and the session it was chosen in. */
interface Kept {
  language: UssdLanguage;
  sessionId: string;
}

/** A bill's screen (its amount and "Pay"), for an area's entry that found one; `heading` names whose it is. */
export type BillScreen = (
  caller: UssdCaller,
  billNo: string,
  heading?: string,
) => Promise<Screen | { refused: string }>;

// Every step reads the caller's kept language, and a language chosen in a new session is kept:
// statements built once (named statements on PostgreSQL), not a query built on each step.
const knownCaller = preparedStatement((db) =>
  db
    .select({ language: ussdCallers.language, sessionId: ussdCallers.sessionId })
    .from(ussdCallers)
    .where(eq(ussdCallers.phoneKey, sql.placeholder('phoneKey')))
    .limit(1)
    .prepare('kaunti_ussd_known_caller'),
);
const keepCaller = preparedStatement((db) =>
  db
    .insert(ussdCallers)
    .values({
      phoneKey: sql.placeholder('phoneKey'),
      language: sql.placeholder('language'),
      sessionId: sql.placeholder('sessionId'),
    })
    .onConflictDoUpdate({
      target: ussdCallers.phoneKey,
      set: { language: sql`excluded.language`, sessionId: sql`excluded.session_id`, updatedAt: sql`now()` },
    })
    .prepare('kaunti_ussd_keep_caller'),
);

/** How long a step waits for M-Pesa to take the prompt before it answers anyway (the gateway's own limit is short). */
const PROMPT_WAIT_MS = 700;

/** The 254 form of the gateway's phone number (+2547…, 2547…, 07…), or undefined. */
export function callerPhone(input: string): string | undefined {
  const digits = input.replace(/[\s+-]/g, '');
  const match = /^(?:254|0)?([71]\d{8})$/.exec(digits);
  return match ? `254${match[1]}` : undefined;
}

/**
 * The USSD channel (issue 42, docs/decisions/033): one short code, a main menu in English or
 * Kiswahili, the catalogue's flagged services made into screens from their definitions, an area's
 * own entries, and the pipeline's own: pay a bill by its number, verify a document by its short
 * code, check a business permit, the caller's bills. Every answer is walked again from the top
 * (screens.ts); the only thing kept is a known phone's language.
 */
export function createUssd(deps: {
  db: Db;
  county: CountyService;
  bills: BillService;
  payments: PaymentService;
  documents: DocumentService;
  verification: VerificationService;
  choices: ReferenceChoices;
  /** Keys the phone's hash (a known caller's language is kept by it, never the number itself). */
  secret: string;
  log: { warn: (object: object, message: string) => void };
}) {
  const { db } = deps;
  const services: UssdService[] = [];
  const entries: UssdMenuEntry[] = [];
  /** Entries under "My bills and permits": for the account registered to the calling phone. */
  const accountEntries: UssdMenuEntry[] = [];

  const phoneKey = (phone: string) =>
    createHmac('sha256', deps.secret).update(`ussd:${phone}`).digest('base64url');

  /** The prompt, started: a step answers once M-Pesa took it, or after a short wait, whichever comes first. */
  async function paidScreen(caller: UssdCaller, outcome: Promise<UssdPaymentOutcome>): Promise<Screen> {
    const settled = outcome.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    const first = await Promise.race([
      settled,
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), PROMPT_WAIT_MS).unref()),
    ]);
    if (first === undefined) {
      // Still on its way: the prompt follows; a failure is the payment's own to report.
      void settled.then((late) => {
        if ('error' in late)
          deps.log.warn({ err: late.error }, 'a USSD payment prompt failed after its screen');
      });
      return { kind: 'end', text: say(caller.language, 'paymentBusy') };
    }
    if ('error' in first) {
      if (first.error instanceof AppError && first.error.statusCode < 500)
        return { kind: 'end', text: say(caller.language, 'paymentRefused', { reason: first.error.message }) };
      deps.log.warn({ err: first.error }, 'a USSD payment prompt failed');
      return { kind: 'end', text: say(caller.language, 'paymentBusy') };
    }
    const result = first.value;
    if (result.kind === 'paid')
      return { kind: 'end', text: say(caller.language, 'paid', { what: result.what }) };
    return {
      kind: 'end',
      text: say(caller.language, 'promptSent', { amount: shillings(result.amountCents), what: result.what }),
    };
  }

  /** A bill's amount and a "Pay" choice, then the prompt to the caller's phone. */
  const billScreen: BillScreen = async (caller, billNo, heading) => {
    const bill = await deps.bills.findForPayment(billNo);
    if (!bill || bill.status === 'cancelled') return { refused: say(caller.language, 'billNotFound') };
    if (bill.status === 'paid' || bill.balanceCents <= 0)
      return { kind: 'end', text: say(caller.language, 'billPaid') };
    const amount = shillings(bill.balanceCents);
    return {
      kind: 'menu',
      title: say(caller.language, 'billLine', {
        description: `${bill.billNo}: ${bill.description}${heading ? `\n${heading}` : ''}`,
        amount,
      }),
      choices: [
        {
          label: say(caller.language, 'payNow', { amount }),
          open: () =>
            paidScreen(
              caller,
              deps.payments
                .startObligationPush({
                  billNo: bill.billNo,
                  phone: caller.phone,
                  requestId: caller.requestId,
                  anyBill: true,
                })
                .then((push) => ({
                  kind: 'prompted' as const,
                  amountCents: push.amount_cents,
                  what: bill.billNo,
                })),
            ),
        },
      ],
    };
  };

  /** A list field's choices in the caller's language (the county's lists name them in Kiswahili too). */
  const optionsIn =
    (language: UssdLanguage) => async (field: FieldDefinition, values: Record<string, unknown>) =>
      (await deps.choices.optionsFor(field, values, language)) ?? [];

  function mainMenu(caller: UssdCaller, countyName: string): Screen {
    const own: UssdMenuEntry[] = [
      {
        order: 100,
        title: { en: say('en', 'payBill'), sw: say('sw', 'payBill') },
        open: (c) => ({
          kind: 'ask',
          prompt: say(c.language, 'enterBillNo'),
          answer: (text) => billScreen(c, text),
        }),
      },
      {
        order: 110,
        title: { en: say('en', 'checkPermit'), sw: say('sw', 'checkPermit') },
        open: (c) => ({
          kind: 'ask',
          prompt: say(c.language, 'enterPermitNo'),
          answer: async (text) => {
            const answer = await deps.verification.validatePermit(text);
            return {
              kind: 'end',
              text: say(c.language, answer.isValid ? 'permitValid' : 'permitInvalid', {
                number: answer.permitNo,
              }),
            };
          },
        }),
      },
      {
        order: 120,
        title: { en: say('en', 'verify'), sw: say('sw', 'verify') },
        open: (c) => ({
          kind: 'ask',
          prompt: say(c.language, 'enterShortCode'),
          answer: async (text) => {
            const answer = await deps.documents.verify(text.replace(/\s+/g, ''));
            const document = 'document' in answer ? answer.document : undefined;
            return {
              kind: 'end',
              text: sayVerified(c.language, answer.status, {
                number: document?.number ?? '',
                holder: document?.holder ?? '',
              }),
            };
          },
        }),
      },
      {
        order: 130,
        title: { en: say('en', 'myAccount'), sw: say('sw', 'myAccount') },
        open: (c) => myAccount(c),
      },
    ];
    const fromServices: UssdMenuEntry[] = services.map((service, index) => ({
      order: index,
      title: {
        en: service.definition.title,
        sw: service.definition.texts?.sw?.title || service.definition.title,
      },
      open: (c) =>
        serviceScreens({
          service,
          language: c.language,
          phone: c.phone,
          requestId: c.requestId,
          deps: { optionsOf: optionsIn(c.language), paid: (outcome) => paidScreen(c, outcome) },
        }),
    }));
    const all = [...fromServices, ...entries, ...own].sort((a, b) => a.order - b.order);
    return {
      kind: 'menu',
      root: true,
      title: say(caller.language, 'mainTitle', { county: countyName }),
      choices: [
        ...all.map((entry) => ({ label: entry.title[caller.language], open: () => entry.open(caller) })),
        { label: say(caller.language, 'language'), open: () => languageScreen(caller, countyName) },
      ],
    };
  }

  /** The account registered to the calling phone (its PIN-less check: the network vouches for the number). */
  async function accountOf(caller: UssdCaller): Promise<{ id: string } | undefined> {
    const [account] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.phoneNumber, caller.phone))
      .limit(1);
    return account;
  }

  /**
   * What the account registered to the calling phone may do: its unpaid bills, and the areas'
   * own entries (renewing a permit). A phone no account uses is told so at once.
   */
  async function myAccount(caller: UssdCaller): Promise<Screen> {
    const account = await accountOf(caller);
    if (!account) return { kind: 'end', text: say(caller.language, 'noAccount') };
    const all: UssdMenuEntry[] = [
      {
        order: 0,
        title: { en: say('en', 'myBills'), sw: say('sw', 'myBills') },
        open: (c: UssdCaller) => myBills(c),
      },
      ...accountEntries,
    ].sort((a, b) => a.order - b.order);
    return {
      kind: 'menu',
      title: say(caller.language, 'myAccountTitle'),
      choices: all.map((entry) => ({ label: entry.title[caller.language], open: () => entry.open(caller) })),
    };
  }

  /** The caller's unpaid bills (the account registered to the calling phone), each payable. */
  async function myBills(caller: UssdCaller): Promise<Screen> {
    const account = await accountOf(caller);
    if (!account) return { kind: 'end', text: say(caller.language, 'noAccount') };
    const open = (await deps.bills.allForUser(account.id)).filter(
      (bill) => (bill.status === 'unpaid' || bill.status === 'partially_paid') && bill.balance_cents > 0,
    );
    if (open.length === 0) return { kind: 'end', text: say(caller.language, 'noBills') };
    return {
      kind: 'menu',
      title: say(caller.language, 'myBillsTitle'),
      choices: open.map((bill) => ({
        label: say(caller.language, 'billChoice', {
          bill_no: bill.bill_no,
          amount: shillings(bill.balance_cents),
        }),
        open: async () => {
          const next = await billScreen(caller, bill.bill_no);
          return 'refused' in next ? { kind: 'end', text: next.refused } : next;
        },
      })),
    };
  }

  /** The language screen: the choice is kept for this phone (by its hash) and the session it was made in. */
  function languageScreen(
    caller: UssdCaller & { sessionId?: string; kept?: Kept },
    countyName: string,
  ): Screen {
    const choose = (language: UssdLanguage) => async (): Promise<Screen> => {
      caller.language = language;
      // Written once: the session's later steps walk through the same choice and find it kept.
      const sessionId = caller.sessionId ?? '';
      if (caller.kept?.language !== language || caller.kept.sessionId !== sessionId) {
        await remember(caller.phone, language, sessionId);
        caller.kept = { language, sessionId };
      }
      return mainMenu(caller, countyName);
    };
    return {
      kind: 'menu',
      title: say(caller.language, 'chooseLanguage', { county: countyName }),
      choices: [
        { label: 'English', open: choose('en') },
        { label: 'Kiswahili', open: choose('sw') },
      ],
    };
  }

  async function remember(phone: string, language: UssdLanguage, sessionId: string): Promise<void> {
    await keepCaller.run(db, { phoneKey: phoneKey(phone), language, sessionId });
  }

  return {
    /**
     * A flagged catalogue service on the menu: its screens come from its definition; the area
     * says how it is priced, described and paid.
     */
    addService(service: UssdService): void {
      if (!service.definition.ussd)
        throw new Error(`${service.definition.id} is not flagged for USSD in its definition`);
      const unfit = service.definition.steps
        .flatMap((step) => step.fields ?? [])
        .filter((field) => !USSD_FIELD_KINDS.includes(field.kind));
      if (unfit.length > 0)
        throw new Error(
          `${service.definition.id} asks for ${unfit.map((f) => f.name).join(', ')}, which a USSD screen cannot`,
        );
      services.push(service);
    },

    billScreen,

    /** The screen after a payment is started (the prompt sent, or on its way), for an area's own entry. */
    paidScreen,

    /** The account registered to the calling phone, or undefined: "No account uses this phone number". */
    accountOf,

    /** An area's own entry of the main menu. */
    addMenu(entry: UssdMenuEntry): void {
      entries.push(entry);
    },

    /** An area's own entry under "My bills and permits" (the calling phone's account has been found). */
    addAccountMenu(entry: UssdMenuEntry): void {
      accountEntries.push(entry);
    },

    /** The catalogue's services flagged for USSD that no area pays for (none once every area started). */
    unpaid(): string[] {
      return catalogueServices
        .filter((s) => s.ussd && !services.some((own) => own.definition.id === s.id))
        .map((s) => s.id);
    },

    /** The screen for this request, as the gateway wants it (`CON …` or `END …`). */
    async answer(request: UssdRequest): Promise<string> {
      const phone = callerPhone(request.phoneNumber);
      const county = await deps.county.get();
      if (!phone) return `END ${say('en', 'wrongChoice')}`;
      const [known] = await knownCaller.run(db, { phoneKey: phoneKey(phone) });
      // A phone whose language was chosen in an earlier session starts on the main menu; in the
      // session it was chosen in, the walk starts where that session did (the language screen).
      const startsKnown = known !== undefined && known.sessionId !== request.sessionId;
      const caller: UssdCaller & { sessionId: string; kept?: Kept } = {
        phone,
        language: startsKnown ? (known.language as UssdLanguage) : 'en',
        requestId: request.requestId,
        sessionId: request.sessionId,
        ...(known ? { kept: { language: known.language as UssdLanguage, sessionId: known.sessionId } } : {}),
      };
      const answers = request.text === '' ? [] : request.text.split('*');
      return walk({
        answers,
        start: () => (startsKnown ? mainMenu(caller, county.name) : languageScreen(caller, county.name)),
        home: () => mainMenu(caller, county.name),
        words: () => screenWords(caller.language),
      });
    },
  };
}

export type Ussd = ReturnType<typeof createUssd>;

/** A catalogue service by id, flagged for USSD (an area's registration names it). */
export function ussdDefinition(id: string) {
  const definition = findService(id);
  if (!definition?.ussd) throw new Error(`${id} is not a USSD service of the catalogue`);
  return definition;
}
