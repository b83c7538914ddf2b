import { formatDisplayDate } from '@kaunti/contract/dates';
import {
  parcelAlreadyYoursMessage,
  parcelClaimRecordedMessage,
  parcelLinkedMessage,
  parcelNotFoundMessage,
  ratesPaidMessage,
} from '@kaunti/contract/land-messages';
import { useMessageTranslation } from '../../lib/i18n';
import { useTranslation } from '../../lib/translator';

export type LandMessageKey =
  | 'messages.parcelNotFound'
  | 'messages.claimRecorded'
  | 'messages.alreadyYours'
  | 'messages.linked'
  | 'messages.noRates'
  | 'messages.ratesPaid';

/** Which known land message a server message is, or undefined (e.g. to choose the alert's kind). */
export function landMessageKey(message: string, lrNumber: string): LandMessageKey | undefined {
  return matchLandMessage(message, lrNumber)?.[1];
}

function matchLandMessage(message: string, lrNumber: string): [string, LandMessageKey] | undefined {
  const lr = lrNumber.trim();
  const year = new Date().getFullYear();
  const known: [string, LandMessageKey][] = [
    [parcelNotFoundMessage(lr), 'messages.parcelNotFound'],
    [parcelClaimRecordedMessage(lr), 'messages.claimRecorded'],
    [parcelAlreadyYoursMessage(lr), 'messages.alreadyYours'],
    [parcelLinkedMessage(lr), 'messages.linked'],
    [`Parcel ${lr} has no rates to pay.`, 'messages.noRates'],
    [ratesPaidMessage(lr, year), 'messages.ratesPaid'],
  ];
  // The server writes the parcel's number as registered: match it whatever the case or spaces.
  const normal = (s: string) => s.toLowerCase().replace(/\s+/g, ' ');
  return known.find(([english]) => normal(english) === normal(message));
}

/**
 * The server's land messages that name a parcel ("We could not find a parcel with LR number
 * 209/1..."): each is recognised by the contract's own wording for the number entered and
 * translated with that number; any other message goes through the messages namespace.
 */
export function useLandMessage(): (message: string, lrNumber: string) => string {
  const { t } = useTranslation('land');
  const translate = useMessageTranslation();
  return (message, lrNumber) => {
    const hit = matchLandMessage(message, lrNumber);
    if (!hit) return translate(message);
    const registered =
      /(?:LR number |^Parcel |of parcel )(.+?)(?: is| has| for|\. Please|\. We have)/.exec(message)?.[1] ??
      lrNumber.trim();
    return t(hit[1], { lr: registered, year: new Date().getFullYear(), defaultValue: message });
  };
}

/** A date-only value ("2026-12-31") in the reader's language: "31st December 2026" / "31 Desemba 2026". */
export function formatDay(isoDate: string, language: string): string {
  return formatDisplayDate(isoDate, language);
}
