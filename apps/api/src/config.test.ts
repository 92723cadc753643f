import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

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

  it('refuses the development JWT secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u:p@db/x' })).toThrow(/JWT_SECRET: Obbligatorio in produzione/);
  });
});

describe('the server process', () => {
  it('exits with status 1 and the message when the configuration is bad', () => {
    const server = fileURLToPath(new URL('./server.ts', import.meta.url));
    const result = spawnSync(process.execPath, ['--import', 'tsx', server], {
      env: { PATH: process.env.PATH, DATABASE_URL: 'mysql://nope' },
      encoding: 'utf8',
      timeout: 15_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('DATABASE_URL: Deve essere un indirizzo postgres:// o postgresql://.');
  });
});
