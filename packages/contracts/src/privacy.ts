// Privacy (GDPR, docs/domain.md#privacy): a member downloads all their data and can ask for its erasure.
import { ZMessage, ZUser } from './auth.js';
import { ZCertificate } from './certificates.js';
import { ZChild } from './children.js';
import { ZConsents } from './consents.js';
import { WAITLIST_STATUSES } from './course-waitlist.js';
import { ZCreditMovement } from './credit.js';
import { ZEnrolment } from './enrolments.js';
import { defineRoute } from './http.js';
import { italianTexts } from './italian.js';
import { defineMessages } from './messages.js';
import { ZMoney } from './money.js';
import { ZReceipt } from './receipts.js';
import { ENTRY_STATUSES, PLAYER_LEVELS } from './tournaments.js';
import { ZUserBookingSummary, ZUserMembershipSummary, ZUserPaymentSummary } from './users.js';
import * as z from './zod-i18n.js';

export const privacyMessages = defineMessages({
  erasurePassword: /* i18n */ { id: 'privacy.erasure_password', message: 'Inserisci la password per confermare.' },
  erased: /* i18n */ { id: 'privacy.erased', message: 'I tuoi dati personali sono stati cancellati. L’account è stato chiuso.' },
  wrongPassword: /* i18n */ { id: 'privacy.wrong_password', message: 'La password non è corretta.' },
  staffCannotErase: /* i18n */ {
    id: 'privacy.staff_cannot_erase',
    message: 'Un account dello staff, di un allenatore o di un amministratore non può essere cancellato: prima un amministratore deve cambiarne il ruolo in Utente.',
  },
});
/** The Italian of each, for the web's Italian-only screens and the tests. */
export const PRIVACY_MESSAGES = italianTexts(privacyMessages);

export const ZMyDataExport = z.object({
  exported_at: z.iso.datetime(),
  profile: ZUser.extend({ created_at: z.iso.datetime(), email_verified_at: z.iso.datetime().nullable(), privacy_accepted_at: z.iso.datetime().nullable() }),
  memberships: z.array(ZUserMembershipSummary),
  bookings: z.array(ZUserBookingSummary),
  payments: z.array(ZUserPaymentSummary),
  /** Receipts and refund notes, each downloadable at /api/receipts/{id}/pdf. */
  receipts: z.array(ZReceipt),
  waitlist: z.array(z.object({ court_name: z.string(), starts_at: z.iso.datetime(), ends_at: z.iso.datetime(), notified_at: z.iso.datetime().nullable(), created_at: z.iso.datetime() })),
  /** Coupons used on the member's cards and bookings. */
  coupon_uses: z.array(z.object({ code: z.string(), used_for: z.enum(['membership', 'booking']), reference: z.string(), used_at: z.iso.datetime() })),
  /** Entrances recorded at the desk. */
  check_ins: z.array(z.object({ checked_in_at: z.iso.datetime(), membership_number: z.string().nullable(), court_row: z.string(), booking_id: z.number().int().nullable() })),
  /** Consents as they stand, with every change. */
  consents: ZConsents,
  certificates: z.array(ZCertificate),
  /** The children on the member's account (docs/school.md#families). */
  children: z.array(ZChild),
  /** The member's credit and every movement of it, as their credit statement shows them (from the ledger). */
  credit: z.object({ balance: ZMoney, movements: z.array(ZCreditMovement) }),
  /** The member's enrolments and their children's, with what each still owes. */
  enrolments: z.array(ZEnrolment),
  /** Places waited for in a course or camp, for the member or a child. */
  course_waitlist: z.array(
    z.object({ course_name: z.string(), participant_name: z.string(), status: z.enum(WAITLIST_STATUSES), offer_expires_at: z.iso.datetime().nullable(), created_at: z.iso.datetime() }),
  ),
  /** The member's part of each tournament entry; status `waiting` is the tournament's waiting list. Their partner is not named. */
  tournament_entries: z.array(
    z.object({
      tournament_name: z.string(), starts_on: z.iso.date(), status: z.enum(ENTRY_STATUSES), fee: ZMoney,
      offered_until: z.iso.datetime().nullable(), accepted_at: z.iso.datetime().nullable(), withdrawn_at: z.iso.datetime().nullable(), created_at: z.iso.datetime(),
    }),
  ),
  /** The member's "looking for a partner" posts, with how many answered (who answered is theirs to export). */
  partner_posts: z.array(z.object({ tournament_name: z.string(), level: z.enum(PLAYER_LEVELS), note: z.string(), answers: z.number().int(), closed_at: z.iso.datetime().nullable(), created_at: z.iso.datetime() })),
  /** The member's answers to others' posts (the post's author is not named). */
  partner_answers: z.array(z.object({ tournament_name: z.string(), message: z.string(), created_at: z.iso.datetime() })),
});
export type TMyDataExport = z.infer<typeof ZMyDataExport>;

export const ZErasureBody = z.object({ password: z.string().min(1, z.because(privacyMessages.erasurePassword)).max(200) });
export type TErasureBody = z.input<typeof ZErasureBody>;

export const privacyRoutes = {
  exportMyData: defineRoute({
    method: 'get', path: '/api/me/export', tag: 'privacy', access: 'user',
    summary: 'Tutti i dati dell’utente collegato, in JSON (profilo, tessere, prenotazioni, pagamenti, ricevute, ingressi, lista d’attesa, coupon usati, consensi, certificati medici, figli, credito, iscrizioni, tornei, annunci per il compagno)',
    response: ZMyDataExport,
  }),
  requestErasure: defineRoute({
    method: 'post', path: '/api/me/erasure', tag: 'privacy', access: 'user',
    summary: 'Cancella i propri dati personali (con la password): anonimizza l’account, conserva i dati contabili',
    body: ZErasureBody, response: ZMessage,
  }),
};
