import type { Config } from '../config';

/** What a driver says about one message. */
export interface SmsResult {
  /** True when the gateway took the message for delivery. */
  accepted: boolean;
  /** The gateway's id of the message, when it gives one. */
  messageId?: string;
  /** The gateway's status word (e.g. "Success", "InvalidPhoneNumber"), for the log. */
  status: string;
}

/**
 * Sends text messages. Two drivers: `outbox` (development and tests: stored, readable at
 * GET /api/dev/sms-outbox) and `africastalking` (production). Callers never know which one runs.
 */
export interface SmsGateway {
  readonly driver: Config['sms']['driver'];
  /** Sends one message to a number in the 254 form. Never throws: a failure is `accepted: false`. */
  send(phoneNumber: string, message: string): Promise<SmsResult>;
}

/** The small part of a logger the drivers use (pino's, in the server). */
export interface SmsLogger {
  info(object: Record<string, unknown>, message: string): void;
  warn(object: Record<string, unknown>, message: string): void;
}
