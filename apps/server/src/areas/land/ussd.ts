import type { BillScreen, UssdMenuEntry } from '../../core/ussd/ussd-service';
import { AppError } from '../../platform/errors';
import type { LandService } from './land-service';

const WORDS = {
  en: {
    title: 'Land rates',
    ask: 'Enter the LR number, e.g. 209/10001',
    unknown: 'No parcel has that LR number. Check it and try again.',
  },
  sw: {
    title: 'Kodi ya ardhi',
    ask: 'Weka nambari ya LR, k.m. 209/10001',
    unknown: 'Hakuna kiwanja chenye nambari hiyo ya LR. Iangalie ujaribu tena.',
  },
} as const;

/**
 * Land rates on the USSD menu (issue 42): an LR number, the parcel's current rates bill (the
 * owner's name masked: a caller has no account here), then the prompt to the calling phone.
 * Written by hand: asking for a bill is not a catalogue form.
 */
export function landRatesUssd(deps: { land: LandService; billScreen: BillScreen }): UssdMenuEntry {
  return {
    order: 50,
    title: { en: WORDS.en.title, sw: WORDS.sw.title },
    open: (caller) => ({
      kind: 'ask',
      prompt: WORDS[caller.language].ask,
      answer: async (text) => {
        try {
          const bill = await deps.land.currentRatesBill(null, text, caller.requestId);
          return await deps.billScreen(caller, bill.bill_no, bill.customer_name ?? undefined);
        } catch (error) {
          if (error instanceof AppError && error.statusCode === 404)
            return { refused: WORDS[caller.language].unknown };
          if (error instanceof AppError && error.statusCode < 500)
            return { kind: 'end', text: error.message };
          throw error;
        }
      },
    }),
  };
}
