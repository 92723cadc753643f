// Consents: the privacy notice accepted at registration, the optional photo/video and newsletter
// consents (every change kept with its time in consent_events), a minor's guardian, and the
// newsletter's unsubscribe link, which works without logging in.
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  ageOn,
  consentMessages,
  isUnderGuardianAge,
  PARENT_SIGNATURE_AGE,
  PRIVACY_NOTICE_VERSION,
  type TConsentKind,
  type TConsents,
  type TConsentsBody,
  type z,
  type ZRegisterBody,
} from '@beach/contracts';
import type { Config } from '../../config.js';
import type { AppDeps } from '../../deps.js';
import type { Prisma } from '../../generated/prisma/client.js';
import type { Db } from '../../lib/db.js';
import { invalid, notFound } from '../../lib/errors.js';
import { purposeKey } from '../../lib/keys.js';
import { todayInRome, toIsoDate } from '../../lib/time.js';

type Client = Db | Prisma.TransactionClient;

/** The consents given on the registration form, in the registration's transaction. */
export async function recordRegistrationConsents(tx: Prisma.TransactionClient, userId: number, body: z.output<typeof ZRegisterBody>) {
  const minor = body.birth_date !== null && isUnderGuardianAge(body.birth_date);
  const now = new Date();
  await tx.memberConsent.create({
    data: {
      userId,
      privacyVersion: PRIVACY_NOTICE_VERSION,
      photos: body.photo_consent,
      newsletter: body.newsletter_consent,
      ...(minor ? { guardianName: body.guardian_name!, guardianFiscalCode: body.guardian_fiscal_code!.toUpperCase(), guardianAcceptedAt: now } : {}),
    },
  });
  const events: { consent: TConsentKind; granted: boolean; detail: string }[] = [
    { consent: 'privacy', granted: true, detail: PRIVACY_NOTICE_VERSION },
    { consent: 'photos', granted: body.photo_consent, detail: 'registrazione' },
    { consent: 'newsletter', granted: body.newsletter_consent, detail: 'registrazione' },
    ...(minor ? [{ consent: 'guardian' as const, granted: true, detail: 'registrazione' }] : []),
  ];
  await tx.consentEvent.createMany({ data: events.map((event) => ({ ...event, userId, createdAt: now })) });
}

/** A member's consents and their history, as the member, the desk and the data export show them. */
export async function consentsOf(db: Client, userId: number): Promise<TConsents> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { birthDate: true, consents: true, consentEvents: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] } } });
  if (!user) throw notFound('Utente non trovato.');
  const current = user.consents;
  return {
    privacy_version: current?.privacyVersion ?? null,
    photos: current?.photos ?? false,
    newsletter: current?.newsletter ?? false,
    guardian:
      current?.guardianName && current.guardianFiscalCode && current.guardianAcceptedAt
        ? { name: current.guardianName, fiscal_code: current.guardianFiscalCode, accepted_at: current.guardianAcceptedAt.toISOString() }
        : null,
    needs_parent_signature: user.birthDate !== null && ageOn(toIsoDate(user.birthDate), todayInRome()) < PARENT_SIGNATURE_AGE,
    history: user.consentEvents.map((event) => ({ consent: event.consent as TConsentKind, granted: event.granted, detail: event.detail, at: event.createdAt.toISOString() })),
  };
}

/** An unsubscribe link works for this many days from the e-mail that carries it (docs/domain.md#privacy). */
const UNSUBSCRIBE_LINK_DAYS = 365;
const DAY_MS = 86_400_000;

/**
 * The token of a member's newsletter unsubscribe link: their id, the day (counted from 1970) after which it
 * no longer works, and an HMAC of both with the key derived for this purpose alone.
 */
const signature = (secret: string, userId: number, lastDay: number) =>
  createHmac('sha256', purposeKey(secret, 'newsletter-unsubscribe')).update(`newsletter:${userId}:${lastDay}`).digest('base64url');

/** The newsletter's unsubscribe addresses for a member: the one-click API address and the page with its button. */
export function unsubscribeLinks(config: Pick<Config, 'JWT_SECRET' | 'WEB_ORIGIN'>, userId: number, now = new Date()) {
  const lastDay = Math.floor(now.getTime() / DAY_MS) + UNSUBSCRIBE_LINK_DAYS;
  const token = encodeURIComponent(`${userId}.${lastDay}.${signature(config.JWT_SECRET, userId, lastDay)}`);
  return { oneClick: `${config.WEB_ORIGIN}/api/newsletter/unsubscribe?token=${token}`, page: `${config.WEB_ORIGIN}/disiscrizione?token=${token}` };
}

/** "gi***@esempio.it": enough for the member to recognise the address, not to read it off a shared link. */
const maskEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 2)}***@${domain}`;
};

export function createConsentsService({ db, config }: Pick<AppDeps, 'db' | 'config'>) {
  /** The member a signed token names; a token whose signature does not match names nobody. */
  async function userOfToken(token: string) {
    const [id = '', day = '', given = ''] = token.split('.');
    const userId = Number(id);
    const lastDay = Number(day);
    const expected = Buffer.from(signature(config.JWT_SECRET, userId, lastDay));
    const received = Buffer.from(given);
    const user = expected.length === received.length && timingSafeEqual(expected, received) ? await db.user.findUnique({ where: { id: userId }, include: { consents: true } }) : null;
    if (!user || user.erasedAt) throw invalid({ token: [consentMessages.unsubscribeInvalid] }, consentMessages.unsubscribeInvalid);
    if (Math.floor(Date.now() / DAY_MS) > lastDay) throw invalid({ token: [consentMessages.unsubscribeExpired] }, consentMessages.unsubscribeExpired);
    return user;
  }

  /** Writes the new values and one history row per consent that changed, in one transaction. */
  async function change(userId: number, wanted: Partial<Record<'photos' | 'newsletter', boolean>>, detail: string) {
    await db.$transaction(async (tx) => {
      // The row is locked, so two changes at once are both recorded in the order they applied.
      await tx.$executeRaw`INSERT INTO member_consents (user_id) VALUES (${userId}) ON CONFLICT (user_id) DO NOTHING`;
      const [current] = await tx.$queryRaw<{ photos: boolean; newsletter: boolean }[]>`SELECT photos, newsletter FROM member_consents WHERE user_id = ${userId} FOR UPDATE`;
      const changed = (['photos', 'newsletter'] as const).filter((consent) => wanted[consent] !== undefined && wanted[consent] !== current![consent]);
      if (changed.length === 0) return;
      await tx.memberConsent.update({ where: { userId }, data: Object.fromEntries(changed.map((consent) => [consent, wanted[consent]])) });
      await tx.consentEvent.createMany({ data: changed.map((consent) => ({ userId, consent, granted: wanted[consent]!, detail })) });
    });
  }

  return {
    mine: (userId: number) => consentsOf(db, userId),
    ofMember: (userId: number) => consentsOf(db, userId),

    async update(userId: number, body: TConsentsBody) {
      await change(userId, body, 'profilo');
      return consentsOf(db, userId);
    },

    async unsubscribeStatus(token: string) {
      const user = await userOfToken(token);
      return { email: maskEmail(user.email), subscribed: user.consents?.newsletter ?? false };
    },

    /** One click from the e-mail (RFC 8058) or the page's button; again changes nothing and answers the same. */
    async unsubscribe(token: string) {
      const user = await userOfToken(token);
      await change(user.id, { newsletter: false }, 'disiscrizione');
      return { message: consentMessages.unsubscribed };
    },
  };
}

export type ConsentsService = ReturnType<typeof createConsentsService>;
