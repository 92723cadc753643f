import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEV_DATABASE_APP_PASSWORD, loadConfig } from './config.js';
import { poolOf } from './lib/db.js';
import { createDeps } from './runtime.js';
import { PROCESS_START_MS, TEST_ENV } from './test/env.js';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u:p@localhost:5432/db' });
    expect(config).toMatchObject({ NODE_ENV: 'development', PORT: 3000, WEB_ORIGIN: 'http://localhost:5173', LOG_LEVEL: 'info' });
  });

  it('names every missing or bad variable in one readable message', () => {
    expect(() => loadConfig({ PORT: 'ottanta', WEB_ORIGIN: 'non un indirizzo' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'ottanta', WEB_ORIGIN: 'non un indirizzo' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(/^Configurazione non valida/);
      expect(message).toContain('- DATABASE_URL: Campo obbligatorio');
      expect(message).toContain('- PORT:');
      expect(message).toContain('- WEB_ORIGIN:');
    }
  });

  it("keeps an idle database connection node-postgres' 10 s, and the tests' for their file", async () => {
    const idleOf = (config: Record<string, string>) => {
      const { db } = createDeps(loadConfig({ DATABASE_URL: 'postgres://u:p@localhost:5432/db', ...config }));
      return poolOf(db)!.options.idleTimeoutMillis;
    };
    expect(idleOf({})).toBe(10_000);
    expect(idleOf(TEST_ENV)).toBe(3_600_000);
  });

  it('refuses the development JWT secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u:p@db/x' })).toThrow(/JWT_SECRET: Obbligatorio in produzione/);
  });

  describe('DATABASE_APP_PASSWORD', () => {
    const production = { DATABASE_URL: 'postgres://u:p@db/x', NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };

    it('has a development default, refused in production, and is at least 16 characters', () => {
      expect(loadConfig({ DATABASE_URL: 'postgres://u:p@localhost/x' }).DATABASE_APP_PASSWORD).toBe(DEV_DATABASE_APP_PASSWORD);
      expect(() => loadConfig(production)).toThrow(/DATABASE_APP_PASSWORD: Obbligatoria in produzione/);
      expect(() => loadConfig({ ...production, DATABASE_APP_PASSWORD: 'corta' })).toThrow(/DATABASE_APP_PASSWORD: Deve contenere almeno 16 caratteri/);
      expect(loadConfig({ ...production, DATABASE_APP_PASSWORD: 'y'.repeat(20) }).DATABASE_APP_PASSWORD).toBe('y'.repeat(20));
    });
  });

  describe('BCRYPT_COST', () => {
    const production = { DATABASE_URL: 'postgres://u:p@db/x', NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATABASE_APP_PASSWORD: 'y'.repeat(20), STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };

    it('is 12 unless set, and a low cost is accepted outside production', () => {
      expect(loadConfig({ DATABASE_URL: 'postgres://u:p@localhost/x' }).BCRYPT_COST).toBe(12);
      expect(loadConfig({ DATABASE_URL: 'postgres://u:p@localhost/x', NODE_ENV: 'test', BCRYPT_COST: '4' }).BCRYPT_COST).toBe(4);
    });

    it('refuses a cost below 10 in production', () => {
      expect(() => loadConfig({ ...production, BCRYPT_COST: '9' })).toThrow(/BCRYPT_COST: In produzione deve essere almeno 10/);
      expect(loadConfig({ ...production, BCRYPT_COST: '10' }).BCRYPT_COST).toBe(10);
      expect(loadConfig(production).BCRYPT_COST).toBe(12);
    });

    it('names a cost bcrypt does not accept', () => {
      expect(() => loadConfig({ DATABASE_URL: 'postgres://u:p@localhost/x', BCRYPT_COST: '3' })).toThrow(/BCRYPT_COST: Deve essere un numero intero tra 4 e 31/);
      expect(() => loadConfig({ DATABASE_URL: 'postgres://u:p@localhost/x', BCRYPT_COST: 'dodici' })).toThrow(/BCRYPT_COST:/);
    });
  });

  describe('Stripe', () => {
    const base = { DATABASE_URL: 'postgres://u:p@localhost/x' };
    const production = { ...base, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATABASE_APP_PASSWORD: 'y'.repeat(20) };

    it('wants the secret key and the webhook secret together', () => {
      expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(/STRIPE_WEBHOOK_SECRET: Obbligatorio insieme a STRIPE_SECRET_KEY/);
      expect(() => loadConfig({ ...base, STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toThrow(/STRIPE_SECRET_KEY: Obbligatoria insieme a STRIPE_WEBHOOK_SECRET/);
      expect(loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }).STRIPE_SECRET_KEY).toBe('sk_test_abc');
    });

    it('refuses to start in production without keys, or pointed at the local test double', () => {
      expect(() => loadConfig(production)).toThrow(/STRIPE_SECRET_KEY: Obbligatoria in produzione/);
      const keys = { STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };
      expect(() => loadConfig({ ...production, ...keys, STRIPE_API_BASE: 'http://127.0.0.1:12111' })).toThrow(/STRIPE_API_BASE: Il simulatore locale di Stripe non si usa in produzione/);
      expect(loadConfig({ ...production, ...keys }).NODE_ENV).toBe('production');
    });

    it('names a value that is not a Stripe key', () => {
      expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toThrow(/STRIPE_SECRET_KEY: Deve essere una chiave segreta Stripe/);
    });
  });
});

describe('the server process', () => {
  it('exits with status 1 and the message when the configuration is bad', { timeout: 2 * PROCESS_START_MS }, () => {
    const server = fileURLToPath(new URL('./server.ts', import.meta.url));
    const result = spawnSync(process.execPath, ['--import', 'tsx', server], {
      env: { PATH: process.env.PATH, DATABASE_URL: 'mysql://nope' },
      encoding: 'utf8',
      timeout: PROCESS_START_MS,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('DATABASE_URL: Deve essere un indirizzo postgres:// o postgresql://.');
  });
});
