// What the business area answers and prints in its own words (their Kiswahili: the locale files).

export const OTHER_HOLDER_MESSAGE =
  'This KRA PIN belongs to a business another account acts for. If the business is yours, claim it (under the business search): a county officer decides who acts for it.';
/** What a permit of a business the county's register does not know says of it. */
export const NOT_VERIFIED_NOTE = 'Not verified against the county register';
export const IN_REGISTER_NOTE = "In the county's register";
/** The same, in the words of each language a permit prints in. */
export const REGISTER_CHECK = {
  verified: { en: IN_REGISTER_NOTE, sw: 'Iko kwenye sajili ya kaunti' },
  unverified: { en: NOT_VERIFIED_NOTE, sw: 'Haijathibitishwa dhidi ya sajili ya kaunti' },
} as const;
export const NOBODY_HOLDS_MESSAGE =
  'No account acts for this business yet: apply for its permit. Paying the first permit makes you its holder.';
export const CLAIM_RECORDED_MESSAGE =
  'Your claim to act for this business is recorded. A county business officer will decide it; you will see the decision with your claims.';
/** A register business nobody acts for yet, applied for before its code was confirmed. */
export const TAKEOVER_NEEDED_MESSAGE =
  "This business is in the county's register. To act for it, find it above and type the code we send to its registered phone, or visit a county office.";
export const NO_REGISTERED_PHONE_MESSAGE =
  "The county's register has no phone number for this business. Claim it (under the business search) or visit a county office: a county officer decides who acts for it.";
export const ALREADY_YOURS_MESSAGE = 'You already act for this business.';
/** "… ending 456.": the last three digits, so the applicant knows which phone to look at. */
export const takeoverCodeSentMessage = (ending: string) =>
  `We sent a code to the business's registered phone, ending ${ending}. Type it below to act for the business.`;
export const LOOKUP_NOT_FOUND_MESSAGE =
  "No business with that KRA PIN or registration number is in the county's register. Fill in its details below.";
