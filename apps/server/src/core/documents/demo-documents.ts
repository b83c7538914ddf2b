import type { DocumentService, IssueDocumentInput, IssuedDocument } from './document-service';

/**
 * Demo documents (KAUNTI_DEMO_DATA), issued when the server starts because they must be signed
 * with the server's own keys: a valid receipt and invoice, a revoked receipt, an expired permit.
 * Idempotent (issue returns what exists; only an issued one is revoked). `/api/verify/samples`
 * lists their verify links, so a visitor (or a browser test) can try E-Verify.
 */

interface DemoDocument extends IssueDocumentInput {
  revokeReason?: string;
}

export const DEMO_DOCUMENTS: DemoDocument[] = [
  {
    kind: 'receipt',
    number: 'RCT-DEMO-000001',
    holderName: 'Wanjiku Mary Kariuki',
    subject: 'BL-DEMO-000001',
    amountCents: 30_000,
    facts: { bill_no: 'BL-DEMO-000001', description: 'Daily parking, Zone I (CBD): KDA 123A' },
    issuedAt: new Date('2025-03-14T09:12:00Z'),
  },
  {
    kind: 'invoice',
    number: 'BL-DEMO-000002',
    holderName: 'Brian Omondi',
    subject: 'BL-DEMO-000002',
    amountCents: 1_050_000,
    facts: {
      bill_no: 'BL-DEMO-000002',
      application_no: 'SBP-DEMO-2025-0042',
      description: 'Single Business Permit 2025: small trader',
    },
    issuedAt: new Date('2025-02-03T07:45:00Z'),
  },
  {
    kind: 'receipt',
    number: 'RCT-DEMO-000003',
    holderName: 'Otieno Juma Achola',
    subject: 'BL-DEMO-000003',
    amountCents: 200_000,
    facts: { bill_no: 'BL-DEMO-000003', description: 'Food handlers certificate' },
    issuedAt: new Date('2025-01-20T11:30:00Z'),
    revokeReason: 'Payment reversed by the bank',
  },
  {
    kind: 'permit',
    number: 'PMT-DEMO-2024-0007',
    holderName: 'Mama Mboga Enterprises',
    subject: 'BL-DEMO-000004',
    amountCents: 500_000,
    facts: { permit_no: 'PMT-DEMO-2024-0007', business_name: 'Mama Mboga Enterprises' },
    issuedAt: new Date('2024-01-05T08:00:00Z'),
    expiresAt: new Date('2024-12-31T20:59:59Z'),
  },
];

export async function issueDemoDocuments(documents: DocumentService): Promise<IssuedDocument[]> {
  const issued: IssuedDocument[] = [];
  for (const { revokeReason, ...input } of DEMO_DOCUMENTS) {
    let result = await documents.issue(input);
    if (revokeReason && result.document.status === 'issued') {
      const revoked = await documents.revoke(result.document.id, revokeReason, {
        type: 'system',
        id: 'demo-seed',
      });
      result = { ...result, document: revoked };
    }
    issued.push(result);
  }
  return issued;
}
