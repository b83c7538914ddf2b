import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const base = { NODE_ENV: 'test', KAUNTI_DATA_DIR: '/tmp/kaunti-config-test' };

describe('loadConfig', () => {
  it('applies the defaults: port 3000, ./data, PGlite, outbox SMS, demo data', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.port).toBe(3000);
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.sms.driver).toBe('outbox');
    expect(config.demoData).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.mpesa.shortcode).toBe('6060047');
    expect(config.mpesa.simulator).toBe(true);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT: must be a whole number'],
    [{ PORT: '70000' }, 'PORT: must be between 1 and 65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: must be a postgres:// or postgresql:// URL'],
    [{ KAUNTI_DEMO_DATA: 'maybe' }, 'KAUNTI_DEMO_DATA: must be true or false'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET: must be at least 32 characters long'],
    [{ SMS_DRIVER: 'africastalking' }, 'AT_USERNAME: is required when SMS_DRIVER is africastalking'],
  ])('stops with a message naming the variable for %o', (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrowError(ConfigError);
    expect(() => loadConfig({ ...base, ...env })).toThrowError(message);
  });

  it('names every variable production needs when they are missing', () => {
    let error: unknown;
    try {
      loadConfig({ NODE_ENV: 'production', KAUNTI_DATA_DIR: '/tmp/x' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ['JWT_SECRET', 'PUBLIC_URL', 'SIGNING_KEYS', 'MPESA_PASSKEY', 'AT_API_KEY']) {
      expect(message).toContain(`${name}: is required`);
    }
  });

  it('reads a real PostgreSQL URL and a port', () => {
    const config = loadConfig({
      ...base,
      PORT: '8080',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
    });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/test');
    expect(config.publicUrl).toBe('http://localhost:8080');
  });
});
