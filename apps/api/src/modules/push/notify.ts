// One notification to one member (docs/push.md#sending): by e-mail unless the member turned that kind off,
// and by push to each of their devices if they turned it on. Both are jobs queued in the caller's
// transaction, so a slow push service or mail server never delays the request that caused it.
import type { TNotificationKind } from '@beach/contracts';
import type { Prisma } from '../../generated/prisma/client.js';
import type { JobQueue } from '../../lib/jobs.js';
import type { MailMessage } from '../../lib/mail.js';

export interface MemberNotice {
  userId: number;
  kind: TNotificationKind;
  /** The e-mail, worded in the member's language; its subject is the push's title. */
  email: MailMessage;
  /** The push's text and the page a tap opens; by default the e-mail's first paragraph and its button's address. */
  push?: { body: string; url: string };
}

/**
 * The push's words from an e-mail of the one layout (lib/email-layout.ts: greeting, blank line, paragraphs,
 * "label: address" of its button): its first paragraph, and the button's page (the centre's home without one).
 */
export function pushOf(email: Pick<MailMessage, 'text' | 'subject'>): { body: string; url: string } {
  const lines = email.text.split('\n');
  const button = lines.findLast((line) => /: https?:\/\/\S+$/.test(line));
  return { body: lines[2] || email.subject, url: button ? button.slice(button.lastIndexOf(': ') + 2) : '/' };
}

/** Without a row of choices: e-mail on, push off (a member opts in per kind). */
export const DEFAULT_CHOICE = { push: false, email: true } as const;

export async function notifyMember(jobs: Pick<JobQueue, 'send'>, tx: Prisma.TransactionClient, { userId, kind, email, push = pushOf(email) }: MemberNotice): Promise<void> {
  const choice = (await tx.notificationPreference.findUnique({ where: { userId_kind: { userId, kind } } })) ?? DEFAULT_CHOICE;
  if (choice.email) await jobs.send('send-email', email, { tx });
  if (!choice.push) return;
  const devices = await tx.pushSubscription.findMany({ where: { userId }, select: { id: true } });
  for (const device of devices) {
    await jobs.send('push-send', { subscriptionId: device.id, payload: { title: email.subject, body: push.body, url: push.url, kind } }, { tx });
  }
}
