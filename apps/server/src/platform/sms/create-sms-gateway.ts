import type { Config } from '../config';
import type { Db } from '../db/database';
import { smsSent } from '../metrics';
import { createAfricasTalkingDriver } from './africastalking-driver';
import { createOutboxDriver, type OutboxGateway } from './outbox-driver';
import type { SmsGateway, SmsLogger } from './sms-gateway';

/**
 * The gateway the configuration names (SMS_DRIVER: outbox by default outside production,
 * africastalking in production), and the outbox itself when that is the driver.
 */
export function createSmsGateway(
  config: Config,
  db: Db,
  logger: SmsLogger,
): { gateway: SmsGateway; outbox?: OutboxGateway } {
  const made = chooseGateway(config, db, logger);
  return { ...made, gateway: counted(made.gateway) };
}

/** Counts each message and whether the gateway took it (kaunti_sms_total). */
function counted(gateway: SmsGateway): SmsGateway {
  return {
    driver: gateway.driver,
    async send(phoneNumber, message) {
      const result = await gateway.send(phoneNumber, message);
      smsSent.inc({ driver: gateway.driver, accepted: String(result.accepted) });
      return result;
    },
  };
}

function chooseGateway(
  config: Config,
  db: Db,
  logger: SmsLogger,
): { gateway: SmsGateway; outbox?: OutboxGateway } {
  if (config.sms.driver === 'africastalking') {
    const at = config.sms.africasTalking;
    if (!at.username || !at.apiKey) {
      // loadConfig refuses this already; kept so the types need no assertion.
      throw new Error("The Africa's Talking SMS driver needs AT_USERNAME and AT_API_KEY.");
    }
    const gateway = createAfricasTalkingDriver(
      {
        username: at.username,
        apiKey: at.apiKey,
        baseUrl: at.baseUrl,
        ...(at.senderId ? { senderId: at.senderId } : {}),
      },
      logger,
    );
    return { gateway };
  }
  if (config.isProduction) {
    throw new Error('The SMS outbox driver is for development only; set SMS_DRIVER=africastalking.');
  }
  const outbox = createOutboxDriver(db, logger);
  return { gateway: outbox, outbox };
}
