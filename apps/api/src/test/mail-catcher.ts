// A real SMTP server on loopback that keeps what it receives, for tests of outgoing mail.
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { listenOnSystemPort } from './free-port.js';

export interface MailCatcher {
  url: string;
  messages: ParsedMail[];
  /** The next message to `to` (whose subject matches, if given), as soon as it arrives (waiting at most `timeoutMs`). */
  waitFor(to: string, timeoutMs?: number, subject?: RegExp): Promise<ParsedMail>;
  close(): Promise<void>;
}

/** `refuse`: recipients the server rejects (550), as a mail server does an unknown mailbox. */
export async function startMailCatcher({ refuse }: { refuse?: (address: string) => boolean } = {}): Promise<MailCatcher> {
  const messages: ParsedMail[] = [];
  const seen = new Set<ParsedMail>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      callback(refuse?.(address.address) ? Object.assign(new Error('Casella inesistente'), { responseCode: 550 }) : undefined);
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        messages.push(mail);
        callback();
      }, callback);
    },
  });
  const port = await listenOnSystemPort(server.server);

  const recipients = (mail: ParsedMail) => [mail.to].flat().flatMap((address) => address?.value.map((entry) => entry.address?.toLowerCase()) ?? []);
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(to, timeoutMs = 45_000, subject) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const mail = messages.find((message) => !seen.has(message) && recipients(message).includes(to.toLowerCase()) && (!subject || subject.test(message.subject ?? '')));
        if (mail) {
          seen.add(mail);
          return mail;
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`No e-mail to ${to} within ${timeoutMs} ms`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a message's text that starts with `prefix`. */
export function linkIn(mail: ParsedMail, prefix: string): string {
  const link = mail.text?.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`No link starting with ${prefix} in:\n${mail.text}`);
  return link;
}
