import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Guards } from '../accounts/guard';
import { applicantRoutes } from './applicant-routes';
import type { ApplicationDocuments } from './application-documents';
import type { ApplicationService } from './application-service';
import { catalogueRoutes } from './catalogue-routes';
import { commentRoutes } from './comment-routes';
import type { ApplicationComments } from './comments';
import { documentRoutes } from './document-routes';
import type { Quotes } from './quotes';
import { submitRoutes } from './submit-routes';

export { COMMENT_CONFIG } from './comment-routes';

/**
 * The engine's own API: the catalogue, issued documents, and the user's applications.
 *
 * One plugin per concern, registered in this order: the catalogue (catalogue-routes.ts), issued
 * documents by their link (document-routes.ts), submitting (submit-routes.ts), the applicant's
 * own applications (applicant-routes.ts) and their comments (comment-routes.ts).
 */
export function applicationRoutes(deps: {
  applications: ApplicationService;
  quotes: Quotes;
  documents: ApplicationDocuments;
  comments: ApplicationComments;
  guards: Guards;
}): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(catalogueRoutes(deps));
    await app.register(documentRoutes(deps));
    await app.register(submitRoutes(deps));
    await app.register(applicantRoutes(deps));
    await app.register(commentRoutes(deps));
  };
}
