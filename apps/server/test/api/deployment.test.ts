import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig, repoRoot, SETTING_NAMES } from '../../src/platform/config';

/**
 * The deployment files (Dockerfile, compose.yaml, deploy/) cannot be run on every machine that
 * runs the tests (no container engine here); what they say is checked against the server
 * instead: every setting compose gives the portal is one the server reads, and together, with
 * deploy/env.example's values, they make a production configuration the server accepts.
 */
const read = (path: string) => readFileSync(join(repoRoot, path), 'utf8');
const compose = parse(read('compose.yaml')) as {
  services: Record<string, { environment?: Record<string, string>; build?: unknown; image?: string }>;
};
const example = Object.fromEntries(
  read('deploy/env.example')
    .split('\n')
    .filter((line) => /^[A-Z_]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
);
/** compose's ${NAME} and ${NAME:-default}, filled from the example .env. */
const substitute = (value: string) =>
  String(value).replace(/\$\{([A-Z_]+)(?::-([^}]*))?\}/g, (_, name: string, fallback?: string) => {
    const filled = example[name] ?? fallback;
    if (filled === undefined)
      throw new Error(`compose.yaml uses \${${name}}, which deploy/env.example does not set`);
    return filled;
  });

describe('compose.yaml', () => {
  const portals = Object.entries(compose.services).filter(([name]) => name.startsWith('portal-'));

  it('runs two portal instances built from the Dockerfile, behind the proxy', () => {
    expect(portals.map(([name]) => name)).toEqual(['portal-1', 'portal-2']);
    for (const [, service] of portals) expect(service.build).toBe('.');
    const caddyfile = read('deploy/Caddyfile');
    for (const [name] of portals) expect(caddyfile).toContain(`${name}:3000`);
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining(['postgres', 'redis', 'minio', 'proxy']),
    );
  });

  it('gives the portals only settings the server reads', () => {
    for (const [, service] of portals) {
      const unknown = Object.keys(service.environment ?? {}).filter((name) => !SETTING_NAMES.includes(name));
      expect(unknown).toEqual([]);
    }
  });

  it('is, with the example .env, a production configuration the server accepts', () => {
    const env = Object.fromEntries(
      Object.entries(portals[0]![1].environment ?? {}).map(([name, value]) => [name, substitute(value)]),
    );
    const config = loadConfig(env);
    expect(config).toMatchObject({
      isProduction: true,
      host: '0.0.0.0',
      redisUrl: 'redis://redis:6379',
      trustProxy: 1,
      uploads: {
        driver: 's3',
        s3: { endpoint: 'http://minio:9000', bucket: 'kaunti-uploads', forcePathStyle: true },
      },
      sms: { driver: 'africastalking' },
    });
    expect(config.databaseUrl).toMatch(/^postgres:\/\/kaunti:.+@postgres:5432\/kaunti$/);
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const stages = dockerfile.split(/^FROM /m).slice(1);

  it('builds in one stage and runs the built server as a non-root user in another', () => {
    expect(stages).toHaveLength(2);
    const run = stages[1]!;
    expect(run).toMatch(/^USER node$/m);
    expect(run).toContain('CMD ["node", "apps/server/dist/main.js"]');
    // What the built server needs at run time: its bundle, the migrations, the web app.
    for (const path of ['apps/server/dist', 'apps/server/src/migrations', 'apps/web/dist', 'node_modules'])
      expect(run).toContain(`COPY --from=build /app/${path}`);
  });

  it("copies every workspace's package.json before npm ci (so a change of code keeps the install layer)", () => {
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    for (const workspace of workspaces)
      expect(stages[0]).toContain(`COPY ${workspace}/package.json ${workspace}/`);
  });
});
