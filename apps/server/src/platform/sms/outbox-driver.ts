import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { smsOutbox } from './schema';
import type { SmsGateway, SmsLogger } from './sms-gateway';

/** One stored message, as GET /api/dev/sms-outbox lists it. */
export interface OutboxMessage {
  id: number;
  phone_number: string;
  message: string;
  created_at: string;
}

/**
 * The development driver: nothing leaves the machine. Each message is stored (so a browser test
 * can read its code from the outbox route, whichever server instance sent it) and logged at
 * info level (so a person running `npm start` reads the code in the terminal).
 */
export interface OutboxGateway extends SmsGateway {
  list(phoneNumber: string, limit?: number): Promise<OutboxMessage[]>;
}

export function createOutboxDriver(db: Db, logger: SmsLogger): OutboxGateway {
  return {
    driver: 'outbox',
    async send(phoneNumber, message) {
      const [row] = await db
        .insert(smsOutbox)
        .values({ phoneNumber, message })
        .returning({ id: smsOutbox.id });
      logger.info({ sms: { to: phoneNumber, message } }, 'SMS kept in the development outbox (not sent)');
      return { accepted: true, messageId: String(row!.id), status: 'Stored' };
    },
    /** The messages sent to a number, newest first. */
    async list(phoneNumber, limit = 50) {
      const rows = await db
        .select()
        .from(smsOutbox)
        .where(eq(smsOutbox.phoneNumber, phoneNumber))
        .orderBy(desc(smsOutbox.id))
        .limit(limit);
      return rows.map((r) => ({
        id: r.id,
        phone_number: r.phoneNumber,
        message: r.message,
        created_at: r.createdAt.toISOString(),
      }));
    },
  };
}
