import { requestIdHeader } from '../http/request-context';
import type { SmsGateway, SmsLogger, SmsResult } from './sms-gateway';

export interface AfricasTalkingOptions {
  username: string;
  apiKey: string;
  /** e.g. https://api.africastalking.com (or the sandbox, or a local fake in tests). */
  baseUrl: string;
  /** An approved alphanumeric sender id or short code; the account's default when absent. */
  senderId?: string;
  /** Milliseconds before a request is abandoned (default 10 s). */
  timeoutMs?: number;
}

/** Recipient status codes that mean the message was taken: 100 Processed, 101 Sent, 102 Queued. */
const ACCEPTED_STATUS_CODES = new Set([100, 101, 102]);

interface AtRecipient {
  statusCode?: unknown;
  status?: unknown;
  messageId?: unknown;
  number?: unknown;
}

/** Reads Africa's Talking's answer: `{ SMSMessageData: { Message, Recipients: [...] } }`. */
export function readAtAnswer(body: unknown): SmsResult {
  const data = (body as { SMSMessageData?: { Recipients?: unknown; Message?: unknown } } | null)
    ?.SMSMessageData;
  const recipients = Array.isArray(data?.Recipients) ? (data.Recipients as AtRecipient[]) : [];
  const first = recipients[0];
  if (!first) {
    const message = typeof data?.Message === 'string' ? data.Message : 'no recipients in the answer';
    return { accepted: false, status: message };
  }
  const code = typeof first.statusCode === 'number' ? first.statusCode : Number(first.statusCode);
  const status = typeof first.status === 'string' ? first.status : `statusCode ${String(first.statusCode)}`;
  return {
    accepted: ACCEPTED_STATUS_CODES.has(code),
    status,
    ...(typeof first.messageId === 'string' && first.messageId !== 'None'
      ? { messageId: first.messageId }
      : {}),
  };
}

/**
 * Sends through Africa's Talking's bulk SMS API: `POST {baseUrl}/version1/messaging`, form
 * encoded (username, to, message, from), with the `apiKey` header, answered in JSON.
 */
export function createAfricasTalkingDriver(options: AfricasTalkingOptions, logger: SmsLogger): SmsGateway {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/version1/messaging`;
  return {
    driver: 'africastalking',
    async send(phoneNumber, message) {
      const form = new URLSearchParams({ username: options.username, to: `+${phoneNumber}`, message });
      if (options.senderId) form.set('from', options.senderId);
      let result: SmsResult;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            apiKey: options.apiKey,
            accept: 'application/json',
            'content-type': 'application/x-www-form-urlencoded',
            ...requestIdHeader(),
          },
          body: form.toString(),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
        const text = await response.text();
        if (!response.ok) {
          result = { accepted: false, status: `HTTP ${response.status}: ${text.slice(0, 200)}` };
        } else {
          let body: unknown;
          try {
            body = JSON.parse(text);
          } catch {
            body = undefined;
          }
          result =
            body === undefined ? { accepted: false, status: 'the answer is not JSON' } : readAtAnswer(body);
        }
      } catch (error) {
        result = { accepted: false, status: `request failed: ${(error as Error).message}` };
      }
      // The number is logged without its middle digits, and the message (a code) never is.
      const to = `${phoneNumber.slice(0, 6)}***${phoneNumber.slice(-3)}`;
      if (result.accepted)
        logger.info({ sms: { to, status: result.status, id: result.messageId } }, 'SMS sent');
      else logger.warn({ sms: { to, status: result.status } }, 'SMS not sent');
      return result;
    },
  };
}
