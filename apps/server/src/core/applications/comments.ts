import type { ApplicationComment } from '@kaunti/contract/api-applications';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { badRequest, conflict } from '../../platform/errors';
import { users } from '../accounts/schema';
import { recordAudit } from '../audit/audit';
import { findOwnedApplication } from './owned';
import { applicationComments, type applications } from './schema';

/** The longest comment, in characters. */
export const COMMENT_MAX_LENGTH = 1000;

/** While an application is still being considered, its applicant and officers may write on it. */
const OPEN_STATUSES = new Set(['submitted', 'awaiting_payment', 'under_review', 'approved', 'needs_info']);

const CLOSED_MESSAGE = 'This application is closed: comments can no longer be added.';

type ApplicationRow = typeof applications.$inferSelect;
type Author = { type: 'applicant' | 'officer'; id: string; name: string };

function checkedBody(body: string): string {
  const text = body.trim();
  if (text === '')
    throw badRequest('Please write your comment', [{ path: 'body', message: 'Please write your comment' }]);
  if (text.length > COMMENT_MAX_LENGTH) {
    const message = `A comment can have at most ${COMMENT_MAX_LENGTH} characters`;
    throw badRequest(message, [{ path: 'body', message }]);
  }
  return text;
}

/**
 * Comments on an application: the applicant and county officers write to each other while it is
 * considered (reserved parking's `ReservedParkingComments`). The applicant reaches only their
 * own applications (another's is a 404, as an unknown one); officers reach an application through
 * the back office, which checks their service areas first. Every comment leaves an audit record.
 */
export function createApplicationComments(deps: { db: Db }) {
  const { db } = deps;

  async function listOf(applicationId: string): Promise<ApplicationComment[]> {
    const rows = await db
      .select()
      .from(applicationComments)
      .where(eq(applicationComments.applicationId, applicationId))
      .orderBy(asc(applicationComments.createdAt), asc(applicationComments.id));
    return rows.map((row) => ({
      id: row.id,
      author: row.authorType,
      author_name: row.authorName,
      body: row.body,
      created_at: row.createdAt.toISOString(),
    }));
  }

  async function add(row: ApplicationRow, author: Author, body: string, requestId?: string) {
    const text = checkedBody(body);
    if (!OPEN_STATUSES.has(row.status)) throw conflict(CLOSED_MESSAGE, 'application_closed');
    const [comment] = await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(applicationComments)
        .values({
          applicationId: row.id,
          authorType: author.type,
          authorId: author.id,
          authorName: author.name,
          body: text,
        })
        .returning();
      await recordAudit(tx, {
        actor: { type: author.type === 'officer' ? 'staff' : 'user', id: author.id },
        entityType: 'application',
        entityId: row.applicationNo,
        action: 'application.commented',
        data: { author: author.type, length: text.length },
        ...(requestId ? { requestId } : {}),
      });
      return inserted;
    });
    return {
      id: comment!.id,
      author: comment!.authorType,
      author_name: comment!.authorName,
      body: comment!.body,
      created_at: comment!.createdAt.toISOString(),
    } satisfies ApplicationComment;
  }

  const ownApplication = (userId: string, applicationNo: string, serviceId?: string) =>
    findOwnedApplication(db, userId, applicationNo, serviceId);

  return {
    /** The applicant's view: the comments on one of their own applications (a service's only, if given). */
    async forApplicant(userId: string, applicationNo: string, serviceId?: string) {
      const row = await ownApplication(userId, applicationNo, serviceId);
      return listOf(row.id);
    },

    /** The applicant writes on one of their own open applications. */
    async addByApplicant(
      userId: string,
      applicationNo: string,
      body: string,
      options: { serviceId?: string; requestId?: string } = {},
    ) {
      const row = await ownApplication(userId, applicationNo, options.serviceId);
      const [user] = await db
        .select({ firstName: users.firstName, surName: users.surName })
        .from(users)
        .where(eq(users.id, userId));
      const name = [user?.firstName, user?.surName].filter(Boolean).join(' ') || 'Applicant';
      return add(row, { type: 'applicant', id: userId, name }, body, options.requestId);
    },

    /** The officer's view of an application the back office has let them reach. */
    forOfficer: (row: ApplicationRow) => listOf(row.id),

    /** An officer writes on an application the back office has let them reach. */
    addByOfficer: (
      row: ApplicationRow,
      officer: { userId: string; name: string },
      body: string,
      requestId?: string,
    ) =>
      add(
        row,
        { type: 'officer', id: officer.userId, name: `${officer.name} (county officer)` },
        body,
        requestId,
      ),
  };
}
export type ApplicationComments = ReturnType<typeof createApplicationComments>;
