/**
 * The documents a service can produce, by name. The documents issue renders them (PDF with the
 * county letterhead and an E-Verify QR code); here they are only named and described.
 */
export interface DocumentKind {
  name: string;
  title: string;
  description: string;
  /** Printable route under /downloads/ when the spec names one. */
  download_route?: string;
  /** Carries an E-Verify QR code. */
  verifiable: boolean;
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
  },
  'clearance-certificate': {
    name: 'clearance-certificate',
    title: 'Rates clearance certificate',
    description: 'Certifies that no rates are owing on the parcel, as needed to register a transfer.',
    download_route: '/downloads/certificate-of-verification',
    verifiable: true,
  },
  'survey-report': {
    name: 'survey-report',
    title: 'Survey report',
    description: "The county surveyor's report and approved plan for the parcel.",
    download_route: '/downloads/official-letter',
    verifiable: true,
  },
  'rates-statement': {
    name: 'rates-statement',
    title: 'Rates search statement',
    description: "The parcel's rates account: valuation, annual rates, arrears and payments.",
    download_route: '/downloads/official-letter',
    verifiable: true,
  },
} as const satisfies Record<string, DocumentKind>;

export type DocumentKindName = keyof typeof documentKinds;

export function findDocumentKind(name: string): DocumentKind | undefined {
  return Object.hasOwn(documentKinds, name)
    ? (documentKinds as Record<string, DocumentKind>)[name]
    : undefined;
}
