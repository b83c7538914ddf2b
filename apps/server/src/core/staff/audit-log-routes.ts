import { auditEntrySchema, auditQuerySchema, auditResponseSchema } from '@kaunti/contract/api-staff';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db/database';
import type { Guards } from '../accounts/guard';
import { users } from '../accounts/schema';
import { auditLog } from '../audit/schema';

/** The audit log screen (auditors, administrators). */
export function auditLogRoutes(deps: { db: Db; guards: Guards }): FastifyPluginAsyncZod {
  const { guards } = deps;
  return async (app) => {
    const tags = ['staff'];

    app.get(
      '/api/staff/audit',
      {
        onRequest: guards.can('audit.read'),
        schema: {
          operationId: 'listAuditRecords',
          tags,
          summary: 'The audit log, newest first (auditors, administrators)',
          description: 'Filter by officer (`officer_id`), object (`entity_type`, `entity_id`) and `action`.',
          querystring: auditQuerySchema,
          response: { 200: auditResponseSchema },
        },
      },
      async (request) => {
        const q = request.query;
        const where: SQL[] = [];
        if (q.officer_id) where.push(eq(auditLog.actorId, q.officer_id));
        if (q.entity_type) where.push(eq(auditLog.entityType, q.entity_type));
        if (q.entity_id) where.push(eq(auditLog.entityId, q.entity_id));
        if (q.action) where.push(eq(auditLog.action, q.action));
        const rows = await deps.db
          .select({ entry: auditLog, firstName: users.firstName, surName: users.surName })
          .from(auditLog)
          .leftJoin(users, sql`${users.id}::text = ${auditLog.actorId}`)
          .where(where.length ? and(...where) : undefined)
          .orderBy(desc(auditLog.id))
          .limit(q.per_page)
          .offset((q.page - 1) * q.per_page);
        return {
          data: rows.map(({ entry: e, firstName, surName }) =>
            auditEntrySchema.parse({
              id: e.id,
              at: e.at.toISOString(),
              actor_type: e.actorType,
              actor_id: e.actorId,
              actor_name: firstName ? `${firstName} ${surName}` : null,
              entity_type: e.entityType,
              entity_id: e.entityId,
              action: e.action,
              from_state: e.fromState,
              to_state: e.toState,
              data: e.data,
            }),
          ),
          page: q.page,
          per_page: q.per_page,
        };
      },
    );
  };
}
