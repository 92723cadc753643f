// Outgoing e-mail through nodemailer, used by the 'send-email' job (lib/jobs.ts), which retries. With SMTP_URL it delivers over SMTP; without it (development)
// every message is written as an .eml file into MAIL_DIR and its path logged, never dropped.
import { mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';
import type { Locale } from './i18n.js';
import type { Logger } from './logger.js';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The recipient's language, the e-mail's words are in (users.locale; a guest's, their organiser's). */
  locale: Locale;
  /** Extra headers (a newsletter's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  /**
   * Files to attach, by absolute path (a job carries the path, not the bytes); or a small picture the HTML shows
   * inline by its content id (`cid:`), base64 in the job: mail clients such as Gmail block `data:` images.
   */
  attachments?: ({ filename: string; path: string } | { filename: string; content: string; encoding: 'base64'; cid: string })[];
}

export interface Mailer {
  /** How mail leaves: 'smtp', or 'file' in development (shown in the bulk e-mail statistics). */
  readonly name: 'smtp' | 'file';
  send(message: MailMessage): Promise<void>;
  /** Closes the pooled SMTP connections, which would otherwise keep the mail server waiting on an idle line. */
  close(): void;
}

/** What nodemailer sends: the language goes out as Content-Language (a job queued before it was recorded has none). */
const outgoing = ({ locale, headers, ...message }: MailMessage) => ({ ...message, headers: { ...(locale ? { 'Content-Language': locale } : {}), ...headers } });

export function createMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'MAIL_DIR'>, logger: Logger): Mailer {
  if (config.SMTP_URL) {
    // Pooled connections unless the URL says otherwise: a bulk e-mail would open one per message.
    const url = new URL(config.SMTP_URL);
    if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
    const transport = nodemailer.createTransport(url.toString());
    return {
      name: 'smtp',
      async send(message) {
        await transport.sendMail({ from: config.MAIL_FROM, ...outgoing(message) });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const directory = resolve(config.MAIL_DIR);
  return {
    name: 'file',
    async send(message) {
      const info = await transport.sendMail({ from: config.MAIL_FROM, ...outgoing(message) });
      await mkdir(directory, { recursive: true });
      const file = resolve(directory, `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.to.replace(/[^a-z0-9@.-]/gi, '_')}.eml`);
      await writeFile(file, info.message as Buffer);
      logger.info({ to: message.to, subject: message.subject, file }, 'E-mail salvata (nessun SMTP configurato)');
    },
    close: () => transport.close(),
  };
}
