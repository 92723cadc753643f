// Configuration, parsed once at start-up. A missing or bad variable stops the process with a
// message naming each variable and what is wrong with it.
import { z } from '@beach/contracts';

const DEV_JWT_SECRET = 'dev-only-secret-change-me-in-production-0123456789';
/** The app role's password in development and tests (refused in production, like DEV_JWT_SECRET). */
export const DEV_DATABASE_APP_PASSWORD = 'dev-only-beach-app-password';
/** bcrypt cost of new password hashes: about a quarter of a second per hash on this machine's kind. */
export const DEFAULT_BCRYPT_COST = 12;
/** Below this a stolen hash is cracked too cheaply: only tests may go lower (to run fast). */
const MIN_PRODUCTION_BCRYPT_COST = 10;

const ZConfig = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATABASE_URL: z
      .string({ error: 'Campo obbligatorio: indirizzo del database PostgreSQL (postgres://utente:password@host:porta/db).' })
      .regex(/^postgres(ql)?:\/\//, 'Deve essere un indirizzo postgres:// o postgresql://.'),
    /**
     * Password of the database role the API and the worker connect as (beach_app, on DATABASE_URL's server
     * and database): set on the role by `pnpm db migrate`; DATABASE_URL's own role runs the migrations.
     */
    DATABASE_APP_PASSWORD: z.string().min(16, 'Deve contenere almeno 16 caratteri.').default(DEV_DATABASE_APP_PASSWORD),
    /** Public address of the web app: CORS origin and the base of links in e-mails. */
    WEB_ORIGIN: z.url().default('http://localhost:5173'),
    /** Other addresses the same web app answers at (comma-separated, e.g. the bare domain beside www.). */
    WEB_ORIGIN_ALIASES: z
      .string()
      .default('')
      .transform((value) => value.split(',').map((address) => address.trim()).filter(Boolean))
      .pipe(z.array(z.url('Deve essere un elenco di indirizzi separati da virgole.'))),
    JWT_SECRET: z.string().min(32, 'Deve contenere almeno 32 caratteri.').default(DEV_JWT_SECRET),
    BCRYPT_COST: z.coerce.number().int().min(4, 'Deve essere un numero intero tra 4 e 31.').max(31, 'Deve essere un numero intero tra 4 e 31.').default(DEFAULT_BCRYPT_COST),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** smtp://user:pass@host:port; without it, mail is written as .eml files into MAIL_DIR. */
    SMTP_URL: z.string().regex(/^smtps?:\/\//, 'Deve essere un indirizzo smtp:// o smtps://.').optional(),
    MAIL_FROM: z.string().default('Adriatica Beach Arena <noreply@adriaticabeach.it>'),
    MAIL_DIR: z.string().default('.data/mail'),
    /** Bulk e-mail pace: the provider's sending rate (Amazon SES's default is 14 per second) and batch size. */
    MAIL_RATE_PER_SECOND: z.coerce.number().positive('Deve essere maggiore di zero.').max(1000).default(14),
    MAIL_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(50),
    /** Trusted proxy hops in front of the API (for the client address used in rate limits). */
    TRUST_PROXY: z.coerce.number().int().min(0).default(0),
    /** Stripe: both or neither. Without them (development, tests) payments go to the local test double. */
    STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_\w+$/, 'Deve essere una chiave segreta Stripe (sk_test_… o sk_live_…).').optional(),
    STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\w+$/, 'Deve essere il segreto di firma dei webhook Stripe (whsec_…).').optional(),
    /** Address of the local Stripe test double (started by `npm start` and the tests); never in production. */
    STRIPE_API_BASE: z.url().optional(),
    /** Where generated files (membership card PDFs) are kept. */
    STORAGE_DIR: z.string().default('.data/storage'),
    /** Backups (daily job and `pnpm db:backup`): where they go, how many days they are kept. */
    BACKUP_DIR: z.string().default('.data/backups'),
    BACKUP_KEEP_DAYS: z.coerce.number().int().min(1, 'Deve essere almeno 1 giorno.').max(3650).default(14),
    /** Bearer token of GET /api/metrics (Prometheus); without it the endpoint does not exist. */
    METRICS_TOKEN: z.string().min(24, 'Deve contenere almeno 24 caratteri (un segreto casuale).').optional(),
    /** Port of the worker process's /api/health, /api/ready and /api/metrics; unset: the worker does not listen. */
    WORKER_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    /** `in-process`: the API also works the background jobs; `off`: a separate worker process does. */
    WORKERS: z.enum(['in-process', 'off']).default('in-process'),
    /**
     * How often each queue's worker looks for due jobs it was not told about (retries, schedules): a job
     * queued by any process is announced and taken at once (lib/job-notices.ts).
     */
    JOBS_POLL_SECONDS: z.coerce.number().min(0.5, 'Deve essere almeno 0.5 secondi.').max(3600).default(1),
    /** `off`: a process working jobs neither fires the schedules nor runs pg-boss's maintenance (the tests). */
    JOBS_SCHEDULER: z.enum(['on', 'off']).default('on'),
    /**
     * How long a pooled database connection may sit idle before it is closed (node-postgres' default). A new
     * connection costs the server its start and its catalogue caches again: the tests keep theirs for the file.
     */
    DATABASE_IDLE_SECONDS: z.coerce.number().min(1).max(3600).default(10),
    /** Set by pnpm/npm when started through a package script; shown by /api/health and /api/docs. */
    npm_package_version: z.string().default('0.0.0'),
  })
  .superRefine((config, ctx) => {
    if (config.NODE_ENV === 'production' && config.JWT_SECRET === DEV_JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'Obbligatorio in produzione (una stringa casuale di almeno 32 caratteri).' });
    }
    if (config.NODE_ENV === 'production' && config.DATABASE_APP_PASSWORD === DEV_DATABASE_APP_PASSWORD) {
      ctx.addIssue({ code: 'custom', path: ['DATABASE_APP_PASSWORD'], message: 'Obbligatoria in produzione (una stringa casuale di almeno 16 caratteri).' });
    }
    if (config.NODE_ENV === 'production' && config.BCRYPT_COST < MIN_PRODUCTION_BCRYPT_COST) {
      ctx.addIssue({ code: 'custom', path: ['BCRYPT_COST'], message: `In produzione deve essere almeno ${MIN_PRODUCTION_BCRYPT_COST}: un costo più basso rende le password rubate facili da indovinare.` });
    }
    if (config.STRIPE_SECRET_KEY && !config.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_WEBHOOK_SECRET'], message: 'Obbligatorio insieme a STRIPE_SECRET_KEY: senza, i pagamenti non verrebbero mai confermati.' });
    }
    if (config.STRIPE_WEBHOOK_SECRET && !config.STRIPE_SECRET_KEY) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_SECRET_KEY'], message: 'Obbligatoria insieme a STRIPE_WEBHOOK_SECRET.' });
    }
    if (config.NODE_ENV === 'production' && !config.STRIPE_SECRET_KEY) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_SECRET_KEY'], message: 'Obbligatoria in produzione: senza chiavi Stripe i pagamenti online non funzionano (il simulatore locale è solo per sviluppo e test).' });
    }
    if (config.NODE_ENV === 'production' && config.STRIPE_API_BASE) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_API_BASE'], message: 'Il simulatore locale di Stripe non si usa in produzione: togli questa variabile.' });
    }
  });

export type Config = z.infer<typeof ZConfig>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty variables count as unset, as in most deployment tools.
  const defined = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = ZConfig.safeParse(defined);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`);
  throw new ConfigError(`Configurazione non valida, controlla le variabili d'ambiente:\n${lines.join('\n')}`);
}

/** For entry points: the configuration, or its readable message on stderr and exit status 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
