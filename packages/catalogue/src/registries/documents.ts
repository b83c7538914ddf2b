import type { PrintableRoute } from '@kaunti/contract/printables';

/**
 * The documents a service can produce, by name. The documents issue renders them (PDF with the
 * county letterhead and an E-Verify QR code); here they are only named and described.
 */
export interface DocumentKind {
  name: string;
  title: string;
  description: string;
  /** Printable route under /downloads/ when the spec names one. */
  download_route?: PrintableRoute;
  /** Carries an E-Verify QR code. */
  verifiable: boolean;
  /** Where issued ones are registered (the E-Verify register's kinds); none for invoices and receipts. */
  register?: 'certificate' | 'letter' | 'permit' | 'licence';
  /**
   * The wording, paragraph by paragraph. `{holder}`, `{reference}`, `{service}`, `{application_no}`
   * and `{county}` are filled in when the document is issued.
   */
  body?: readonly string[];
  /** Numbered conditions printed under the body. */
  conditions?: readonly string[];
  /** How long an issued one is valid, in days (none: it does not expire). */
  validity_days?: number;
}

export const documentKinds = {
  none: { name: 'none', title: 'None', description: 'The service issues no document.', verifiable: false },
  invoice: {
    name: 'invoice',
    title: 'Invoice',
    description: 'A bill on county letterhead with payment instructions (paybill and banks).',
    download_route: '/downloads/Invoice',
    verifiable: true,
  },
  receipt: {
    name: 'receipt',
    title: 'Receipt',
    description: 'Proof of a payment, on county letterhead.',
    download_route: '/downloads/Invoice',
    verifiable: true,
  },
  'land-transfer-approval': {
    name: 'land-transfer-approval',
    title: 'Land Owner Amendment approval',
    description: 'The letter approving the change of the registered owner in the county rates register.',
    download_route: '/downloads/official-letter',
    verifiable: true,
    register: 'letter',
    body: [
      'RE: CHANGE OF REGISTERED OWNER, PARCEL {reference}',
      'Following your application {application_no}, the {county} has approved the change of the registered owner of the above parcel in the county rates register to {holder}.',
      'All future rates demands for the parcel will be addressed to the new owner. This letter does not by itself transfer title: the transfer is registered by the Ministry of Lands.',
    ],
  },
  'clearance-certificate': {
    name: 'clearance-certificate',
    title: 'Rates clearance certificate',
    description: 'Certifies that no rates are owing on the parcel, as needed to register a transfer.',
    download_route: '/downloads/certificate-of-verification',
    verifiable: true,
    register: 'certificate',
    body: [
      'This is to certify that all land rates and other charges due to the {county} in respect of parcel {reference} have been paid up to the date of this certificate.',
      'This certificate is issued to {holder} under application {application_no} for presentation to the Land Registrar.',
    ],
    conditions: [
      'This certificate is valid for 90 days from the date of issue.',
      'Any alteration makes this certificate void. Check it on the county E-Verify page.',
    ],
    validity_days: 90,
  },
  'survey-report': {
    name: 'survey-report',
    title: 'Survey report',
    description: "The county surveyor's report and approved plan for the parcel.",
    download_route: '/downloads/official-letter',
    verifiable: true,
    register: 'letter',
    body: [
      'RE: SURVEY OF PARCEL {reference}',
      'The county surveyor has completed the survey requested under application {application_no} by {holder}. The survey has been checked and approved.',
      'The approved plan is held at the county survey office and may be inspected there on presenting this letter.',
    ],
  },
  'rates-statement': {
    name: 'rates-statement',
    title: 'Rates search statement',
    description: "The parcel's rates account: valuation, annual rates, arrears and payments.",
    download_route: '/downloads/official-letter',
    verifiable: true,
    register: 'letter',
    body: [
      'RE: RATES SEARCH, PARCEL {reference}',
      'Following a search requested by {holder} under application {application_no}, the {county} confirms the rates account of the above parcel as held in the county valuation roll and rates register on the date of this letter.',
    ],
    validity_days: 30,
  },
} as const satisfies Record<string, DocumentKind>;

export type DocumentKindName = keyof typeof documentKinds;

export function findDocumentKind(name: string): DocumentKind | undefined {
  return Object.hasOwn(documentKinds, name)
    ? (documentKinds as Record<string, DocumentKind>)[name]
    : undefined;
}

/**
 * The document a service issues: its own template (`document` in the definition), else the
 * registered kind `produces` names.
 */
export function documentKindOf(service: {
  produces: string;
  document?: DocumentKind | undefined;
}): DocumentKind | undefined {
  if (service.document && service.document.name === service.produces) return service.document as DocumentKind;
  return findDocumentKind(service.produces);
}
