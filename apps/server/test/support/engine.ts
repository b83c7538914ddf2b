import { registerLandLists } from '../../src/areas/land/land-lists';
import { createLandService } from '../../src/areas/land/land-service';
import { createApplicationDocuments } from '../../src/core/applications/application-documents';
import { createApplicationService } from '../../src/core/applications/application-service';
import { createReferenceChoices } from '../../src/core/applications/reference-choices';
import { createBillService } from '../../src/core/bills/bill-service';
import { registerCountyLists } from '../../src/core/county/county-lists';
import { createCountyService } from '../../src/core/county/county-service';
import { createReferenceItems } from '../../src/core/county/reference-items';
import { billNoPrefixOf } from '../../src/core/county/seed';
import { createDocumentService } from '../../src/core/documents/document-service';
import { createDraftService } from '../../src/core/drafts/draft-service';
import { createUploadService } from '../../src/core/uploads/upload-service';
import { loadKeyRing } from '../../src/platform/signing/key-ring';
import { createLocalDiskStorage } from '../../src/platform/storage/local-disk';
import type { TestApp } from './test-app';

/**
 * The service engine as app.ts wires it, on a test app's database and keys: for tests that call
 * the services the way other modules do (payments, the back office).
 */
export async function createEngine(t: TestApp) {
  const db = t.database.db;
  const county = createCountyService(db);
  const keyRing = await loadKeyRing({
    signingKeys: t.config.signingKeys,
    dataDir: t.config.dataDir,
    env: t.config.env,
  });
  const documents = createDocumentService({ db, signer: keyRing, county, publicUrl: t.config.publicUrl });
  const bills = createBillService({ db, prefix: billNoPrefixOf(t.config) });
  const uploads = createUploadService({ db, storage: createLocalDiskStorage(t.config.uploads.dir) });
  const choices = createReferenceChoices();
  registerCountyLists(choices, county, createReferenceItems(db));
  registerLandLists(choices, createLandService({ db, bills, county }));
  const applicationDocuments = createApplicationDocuments({
    db,
    documents,
    county,
    publicUrl: t.config.publicUrl,
    secret: t.config.jwtSecret,
  });
  const applications = createApplicationService({
    db,
    bills,
    uploads,
    drafts: createDraftService({ db }),
    documents: applicationDocuments,
    choices,
  });
  return { bills, uploads, documents, applicationDocuments, applications };
}

export type Engine = Awaited<ReturnType<typeof createEngine>>;
