// docker-compose.yml read the way Docker reads it (Debian's docker-compose: `config`), so a broken
// staging file fails the tests although no container engine runs here: the required variables, the
// backup volume, the readiness checks of the API and the worker. A missing docker-compose fails too.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const REQUIRED = { JWT_SECRET: 'a-staging-secret-of-at-least-32-characters', DATABASE_APP_PASSWORD: 'a-staging-app-password', STRIPE_SECRET_KEY: 'sk_test_staging', STRIPE_WEBHOOK_SECRET: 'whsec_staging' };

function compose(args: string[], env: Record<string, string>) {
  const result = spawnSync('docker-compose', ['--file', 'docker-compose.yml', ...args], { cwd: root, encoding: 'utf8', env: { PATH: process.env.PATH, ...env } });
  expect(result.error, 'docker-compose (pacchetto Debian docker-compose, installato da scripts/bootstrap.mjs) non eseguibile').toBeUndefined();
  return result;
}

interface Service {
  environment: Record<string, string>;
  volumes?: { source?: string; target: string }[] | string[];
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
}

const mounts = (service: Service) => (service.volumes ?? []).map((volume) => (typeof volume === 'string' ? volume : `${volume.source}:${volume.target}`));

describe('docker-compose.yml', () => {
  it('is valid with the required variables set, and names each one missing', () => {
    const valid = compose(['config', '--quiet'], REQUIRED);
    expect(valid.stderr).toBe('');
    expect(valid.status).toBe(0);
    for (const variable of Object.keys(REQUIRED)) {
      const { [variable]: _left, ...others } = REQUIRED as Record<string, string>;
      const missing = compose(['config', '--quiet'], others);
      expect(missing.status).not.toBe(0);
      expect(missing.stderr).toContain(`Imposta ${variable}`);
    }
  });

  it('backs up into a volume of its own and checks readiness of the API and the worker', () => {
    const result = compose(['config'], { ...REQUIRED, METRICS_TOKEN: 'a-metrics-token-of-24-characters-or-more' });
    expect(result.status).toBe(0);
    const config = parse(result.stdout) as { services: Record<string, Service>; volumes: Record<string, unknown> };
    const { api, worker, web } = config.services;
    expect(Object.keys(config.volumes)).toEqual(expect.arrayContaining(['db-data', 'storage', 'backups']));

    // The worker makes the nightly backup: the database's tables and the whole storage tree.
    expect(worker!.environment).toMatchObject({ BACKUP_DIR: '/backups', STORAGE_DIR: '/data/storage', WORKER_PORT: '3001', METRICS_TOKEN: 'a-metrics-token-of-24-characters-or-more' });
    expect(mounts(worker!)).toEqual(expect.arrayContaining([expect.stringMatching(/^backups:\/backups(:rw)?$/), expect.stringMatching(/^storage:\/data\/storage(:rw)?$/)]));

    expect(api!.healthcheck?.test.join(' ')).toContain('http://localhost:3000/api/ready');
    expect(worker!.healthcheck?.test.join(' ')).toContain('http://localhost:3001/api/ready');
    expect(worker!.depends_on?.api?.condition).toBe('service_healthy');
    expect(web!.depends_on?.api?.condition).toBe('service_healthy');
    // Several API processes behind nginx: no fixed host port on the API to collide over.
    expect(api).not.toHaveProperty('ports');
  });
});
