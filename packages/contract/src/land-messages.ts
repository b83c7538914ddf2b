/**
 * The land area's messages that name a parcel, without zod (the web app's land pages match the
 * server's answers against them on their first screen); `api-land.ts` re-exports them beside
 * its schemas.
 */

/** An LR number left empty. */
export const LR_NUMBER_REQUIRED_MESSAGE = 'Please enter your land / parcel number';

/** 404 for an LR number that is not in the county's register. */
export function parcelNotFoundMessage(lrNumber: string): string {
  return `We could not find a parcel with LR number ${lrNumber}. Please check the number on your title deed.`;
}
/**
 * 202 from a link: the account's ID number / KRA PIN is not the registered owner's, so the
 * request became an ownership claim for county lands staff to decide.
 */
export function parcelClaimRecordedMessage(lrNumber: string): string {
  return `Your ID number or KRA PIN does not match the registered owner of parcel ${lrNumber}. We have recorded your ownership claim: county lands staff will review it, and you can follow it under Your parcels.`;
}
/** 409: the parcel is already linked to this account. */
export function parcelAlreadyYoursMessage(lrNumber: string): string {
  return `Parcel ${lrNumber} is already linked to your account.`;
}
/** The `message` of a successful link. */
export function parcelLinkedMessage(lrNumber: string): string {
  return `Parcel ${lrNumber} has been added to your account.`;
}
/** 409 from current-bill: the parcel's rates of the year are already paid. */
export function ratesPaidMessage(lrNumber: string, year: number): string {
  return `The land rates of parcel ${lrNumber} for ${year} are fully paid. There is nothing more to pay this year.`;
}
