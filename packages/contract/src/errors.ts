import { z } from 'zod';
import { FALLBACK_ERROR_MESSAGE } from './error-message';

/**
 * Stable, machine-readable error codes, each with what it means to a program: the web app
 * translates a known code into the user's language and otherwise shows the server's `message`
 * (see error-message.ts for the order in which a message is read from a body). A partner acts on
 * the code, never on the message's words. The OpenAPI document lists them all (the ErrorCode
 * schema); a code not listed here cannot be answered (the Error schema's `code` is this enum).
 */
export const ERROR_CODES = {
  bad_request: 'The request is not valid (a sentence in `message` says why).',
  validation_failed: 'Fields are not valid: `details` names each field and its problem.',
  invalid_cursor: 'The `cursor` is not one this list gave: ask for the first page again, without a cursor.',
  no_file: 'An upload without a file (no multipart part named `file`): choose a file.',
  empty_file: 'The uploaded file is empty (0 bytes): choose another file.',
  image_too_large:
    'The uploaded image is too large in pixels (over 10,000 a side or 40 megapixels): choose or shrink the image.',
  id_number_required:
    'Only an account registered with a national ID number has this (an ID verification code): a passport account has none.',
  date_range_reversed: 'The end date is before the start date: swap them.',
  date_range_too_long: 'The date range is longer than allowed (one year): choose a shorter one.',
  amount_not_whole_cents: 'An amount to pay is not a positive whole number of cents.',
  arrears_too_small: 'The arrears are below what a payment plan is offered for: pay them as they are.',
  months_out_of_range: 'The months ahead to bill are out of range (0 to 24): choose fewer.',
  invalid_json: 'The body is not valid JSON, or JSON was announced and the body is empty.',
  unauthorized: 'Not signed in, or the token is not valid.',
  otp_wrong: 'The one-time code is not the one sent: check it and try again.',
  otp_unusable:
    'The one-time code cannot be used (none asked for, expired, used, or tried too many times): ask for a new one.',
  otp_required: 'Signed in with a password, but the one-time SMS code is still due.',
  session_expired: 'The session has ended: sign in again.',
  forbidden: 'Signed in, but this account may not do this.',
  not_found: 'There is no such thing, or it is not yours.',
  method_not_allowed: 'The path exists, but not with this method.',
  conflict:
    'It cannot be done in the current state (`message` says why). Kept for older clients: every 409 now answers its own code.',
  idempotency_conflict: 'This Idempotency-Key was used with another body.',
  illegal_transition: 'The thing is not in a state this step applies to (e.g. already cancelled or decided).',
  changed_meanwhile: 'Someone else changed the same thing at the same moment: read it again and retry.',
  already_exists: 'It exists already (an account with this phone or ID, a vehicle already listed).',
  limit_reached: 'A limit on how many one account keeps is reached (drafts, vehicles): remove one first.',
  bill_already_paid: 'The bill is paid in full: there is nothing to pay.',
  bill_cancelled: 'The bill was cancelled: it cannot be paid or printed as an invoice.',
  payment_in_progress: 'A payment prompt for this is still pending: wait for it, then look again.',
  obligation_has_open_bill:
    'There is an open bill for the same thing already (never two): pay or cancel it before asking again.',
  balance_on_another_bill:
    'What is owed is carried by another open bill (a tenancy transfer carries the rent in arrears): pay that bill, named in `message`.',
  receipt_not_ready: 'The bill is not paid yet, so it has no receipt.',
  nothing_received:
    'No money was received for this bill: its debt was moved into a payment plan, whose instalment bills have the receipts.',
  ticket_not_payable: 'The ticket is not waiting for a payment (paid, or no longer payable).',
  renewal_not_open:
    'Too early to renew: renewal opens a set number of days before expiry (`message` says when).',
  already_renewed: 'This permit has been renewed already: renew the newest one.',
  renewal_under_way:
    'A renewal of this document is waiting for payment or for the county (`message` names its application).',
  document_revoked: 'The document was revoked by the county: apply for a new one.',
  nothing_to_pay: 'Nothing is owed for this: no bill was raised.',
  service_not_applicable: 'This catalogue service is not applied for here (it has its own route).',
  bill_partly_paid: 'The bill has been paid in part, so it cannot be cancelled.',
  already_billed:
    'It is billed (or paid) for this period already (a Sacco sticker): leave it out, or pay its bill.',
  already_paid:
    "It is paid for this period already (a parcel's rates for the year): there is nothing to pay.",
  balance_due: 'Money is still owed on it (`message` says how much): pay it before this step.',
  already_yours: 'It is on your account already (a business you act for, a parcel you hold).',
  no_holder: 'No account acts for this business yet: apply for its permit (paying it makes you its holder).',
  takeover_needed:
    "The business is in the county's register: act for it with the code sent to its registered phone.",
  no_registered_phone:
    "The county's register has no phone for this business: claim it, and a county officer decides.",
  owner_linked: "The parcel is linked to its registered owner's account: a claim to it cannot be accepted.",
  tenancy_not_held: 'The tenancy is no longer held by the applicant: it cannot be transferred.',
  no_account: 'The person named has no account on the portal (by the phone number given).',
  not_renewable: 'This document is not renewed: apply for a new one.',
  plan_already_open: 'You have a payment plan open already: see it, rather than asking for another.',
  booking_taken: 'The day or slot chosen is booked already: choose another.',
  application_closed: 'The application is closed: it takes no more comments.',
  vehicle_in_another_sacco:
    "The vehicle is in another Sacco's fleet: it must leave that fleet (or change Sacco) before it is added.",
  too_many_reports: 'Enough faults are reported on it already: the county is on it.',
  no_stall_vacant:
    'No stall of the kind applied for can be allocated at that market now: reject the application with that reason.',
  register_forbids: "The county's records forbid approving or issuing it now (`message` says why).",
  date_taken: 'A fee amount already starts on the day chosen: choose another day.',
  already_proposed: 'A change of this fee from that day is already waiting for a second officer.',
  house_not_vacant: 'The house is let (its tenancy is named in `message`): it cannot be allocated.',
  nobody_waiting: 'Nobody on the waiting list is waiting for this kind of house: it cannot be allocated.',
  date_passed: 'The day the change was to start has come: reject it and propose it again from a later day.',
  payload_too_large: 'The request body is too large.',
  uri_too_long: 'A path parameter is longer than 100 characters.',
  headers_too_large: 'The request headers are too large.',
  unsupported_media_type: 'This content type is not accepted here (JSON is `application/json`).',
  rate_limited: 'Too many requests: wait as long as `Retry-After` says.',
  internal_error: 'Something went wrong on our side: quote the `x-request-id` header.',
  service_unavailable: 'A service this depends on is unavailable for a moment: retry after `Retry-After`.',
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;
export const errorCodes = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

export const errorCodeSchema = z.enum(errorCodes).meta({
  id: 'ErrorCode',
  description: `What went wrong, for a program to act on:\n\n${Object.entries(ERROR_CODES)
    .map(([code, meaning]) => `- \`${code}\`: ${meaning}`)
    .join('\n')}`,
  'x-error-codes': ERROR_CODES,
});

/** One problem with one field of a request, so a form can show it beside the field. */
export const fieldErrorSchema = z.object({
  path: z.string().describe('Dotted path of the field, e.g. "phone_number" or "owner.first_name".'),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** The one error body every API route answers with. It never carries a stack trace. */
export const errorBodySchema = z
  .object({
    message: z.string().describe('A sentence a citizen can read.'),
    code: errorCodeSchema,
    details: z.array(fieldErrorSchema).optional(),
  })
  .meta({
    id: 'Error',
    description: 'Every error: a sentence to show, a stable code, and the fields at fault.',
  });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * The message answered for every unexpected (5xx) failure, whatever went wrong inside: the same
 * sentence the web app shows when a body carries no message at all.
 */
export const INTERNAL_ERROR_MESSAGE = FALLBACK_ERROR_MESSAGE;
