// Consents (GDPR, Codice privacy): the privacy notice accepted at registration, the optional consents
// for photos/videos and the newsletter (changeable at any time, every change kept), a minor's
// guardian, and the newsletter's one-click unsubscribe.
import type { MessageDescriptor } from '@lingui/core';
import { ageOn, romeToday } from './age.js';
import { defineRoute, ZIdParams } from './http.js';
import { italianTexts } from './italian.js';
import { defineMessages } from './messages.js';
import * as z from './zod-i18n.js';

/** Version of the privacy notice on /informativa-privacy: stored with every acceptance. */
export const PRIVACY_NOTICE_VERSION = '2026-11';

/** Under this age consent comes from a parent or guardian (Codice privacy art. 2-quinquies). */
export const GUARDIAN_CONSENT_AGE = 14;
/** Under this age the desk needs a parent's signature on the membership form. */
export const PARENT_SIGNATURE_AGE = 18;

export const CONSENT_KINDS = ['privacy', 'photos', 'newsletter', 'guardian'] as const;
export type TConsentKind = (typeof CONSENT_KINDS)[number];
export const CONSENT_LABELS: Record<TConsentKind, string> = {
  privacy: 'Informativa sulla privacy',
  photos: 'Foto e video',
  newsletter: 'Newsletter',
  guardian: 'Consenso del genitore o tutore',
};

export const consentMessages = defineMessages({
  guardianName: /* i18n */ { id: 'consents.guardian_name', message: 'Per chi ha meno di 14 anni serve il nome di un genitore o tutore.' },
  guardianFiscalCode: /* i18n */ { id: 'consents.guardian_fiscal_code', message: 'Inserisci il codice fiscale del genitore o tutore (16 lettere e cifre).' },
  guardianConsent: /* i18n */ { id: 'consents.guardian_consent', message: 'Il genitore o tutore deve accettare l’informativa sulla privacy.' },
  saved: /* i18n */ { id: 'consents.saved', message: 'Consensi aggiornati.' },
  parentSignature: /* i18n */ { id: 'consents.parent_signature', message: 'Minorenne: serve la firma di un genitore' },
  unsubscribed: /* i18n */ {
    id: 'consents.unsubscribed',
    message: 'Non riceverai più la newsletter. Le comunicazioni di servizio (prenotazioni, tessera) continueranno ad arrivare.',
  },
  unsubscribeInvalid: /* i18n */ { id: 'consents.unsubscribe_invalid', message: 'Il link di disiscrizione non è valido.' },
  unsubscribeExpired: /* i18n */ {
    id: 'consents.unsubscribe_expired',
    message: 'Il link di disiscrizione è scaduto: puoi disiscriverti dalla newsletter dal tuo profilo, nella sezione Consensi.',
  },
});
/** The Italian of each, for the web's Italian-only screens and the tests. */
export const CONSENT_MESSAGES = italianTexts(consentMessages);

const optionalText = (max: number) => z.preprocess((value) => (value === '' || value === null ? undefined : value), z.string().trim().max(max).optional());

/** The consents the registration form asks beside the required privacy notice. */
export const registrationConsentFields = {
  photo_consent: z.boolean().default(false),
  newsletter_consent: z.boolean().default(false),
  guardian_name: optionalText(200),
  guardian_fiscal_code: optionalText(16),
  guardian_consent: z.boolean().default(false),
};

/** Born, and not yet 14: a future birth date is a mistake to correct, not a minor's (no guardian asked). */
export const isUnderGuardianAge = (birthDate: string, today = romeToday()) => birthDate <= today && ageOn(birthDate, today) < GUARDIAN_CONSENT_AGE;

/**
 * For a member under 14 the guardian's name, fiscal code and acceptance are required. Checked even when
 * another field failed (`guardianCheckWhen`), so every wrong field is reported at once.
 */
export const guardianCheckWhen = { when: ({ value }: z.core.ParsePayload) => typeof value === 'object' && value !== null };
export function guardianCheck(body: { birth_date?: unknown; guardian_name?: unknown; guardian_fiscal_code?: unknown; guardian_consent?: unknown }, ctx: z.core.$RefinementCtx) {
  if (typeof body.birth_date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(body.birth_date) || !isUnderGuardianAge(body.birth_date)) return;
  const refuse = (field: string, reason: MessageDescriptor) => ctx.addIssue({ code: 'custom', path: [field], ...z.issueBecause(reason) });
  if (typeof body.guardian_name !== 'string' || !body.guardian_name.trim()) refuse('guardian_name', consentMessages.guardianName);
  const fiscalCode = body.guardian_fiscal_code;
  if (typeof fiscalCode !== 'string' || !/^[A-Z0-9]{16}$/i.test(fiscalCode)) refuse('guardian_fiscal_code', consentMessages.guardianFiscalCode);
  if (body.guardian_consent !== true) refuse('guardian_consent', consentMessages.guardianConsent);
}

export const ZConsentEvent = z.object({
  consent: z.enum(CONSENT_KINDS),
  granted: z.boolean(),
  detail: z.string().nullable(),
  at: z.iso.datetime(),
});

/** A member's consents as they stand, with every change. */
export const ZConsents = z.object({
  privacy_version: z.string().nullable(),
  photos: z.boolean(),
  newsletter: z.boolean(),
  guardian: z.object({ name: z.string(), fiscal_code: z.string(), accepted_at: z.iso.datetime() }).nullable(),
  /** Under 18 on today's date: the desk needs a parent's signature. */
  needs_parent_signature: z.boolean(),
  history: z.array(ZConsentEvent),
});
export type TConsents = z.infer<typeof ZConsents>;

export const ZConsentsBody = z.object({ photos: z.boolean(), newsletter: z.boolean() });
export type TConsentsBody = z.input<typeof ZConsentsBody>;

/** The signed token of a newsletter's unsubscribe link: the member's id, its last valid day and an HMAC (base64url). */
export const ZUnsubscribeQuery = z.object({
  token: z.string().regex(/^[1-9][0-9]{0,9}\.[1-9][0-9]{0,5}\.[A-Za-z0-9_-]{43}$/, z.because(consentMessages.unsubscribeInvalid)),
});

export const consentsRoutes = {
  mine: defineRoute({
    method: 'get', path: '/api/me/consents', tag: 'consents', access: 'user',
    summary: 'I miei consensi (privacy, foto e video, newsletter) con lo storico delle modifiche',
    response: ZConsents,
  }),
  update: defineRoute({
    method: 'put', path: '/api/me/consents', tag: 'consents', access: 'user',
    summary: 'Dà o revoca i consensi facoltativi (foto e video, newsletter); ogni modifica è registrata',
    body: ZConsentsBody, response: ZConsents,
  }),
  ofMember: defineRoute({
    method: 'get', path: '/api/admin/users/:id/consents', tag: 'consents', access: 'staff',
    summary: 'I consensi di un tesserato, il genitore o tutore e se serve la firma di un genitore',
    params: ZIdParams, response: ZConsents,
  }),
  unsubscribeStatus: defineRoute({
    method: 'get', path: '/api/newsletter/unsubscribe', tag: 'consents', access: 'public',
    summary: 'Dal link di una newsletter: a chi si riferisce (indirizzo in parte nascosto) e se è ancora iscritto',
    query: ZUnsubscribeQuery, response: z.object({ email: z.string(), subscribed: z.boolean() }),
  }),
  unsubscribe: defineRoute({
    method: 'post', path: '/api/newsletter/unsubscribe', tag: 'consents', access: 'public',
    summary: 'Disiscrizione dalla newsletter in un clic (RFC 8058, senza accesso); ripeterla non cambia nulla',
    query: ZUnsubscribeQuery, response: z.object({ message: z.string() }),
  }),
};
