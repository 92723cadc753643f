// Bulk e-mail to members (docs/domain.md#bulk-e-mail): a persisted
// broadcast sent in the background at the provider's rate, with live progress.
import { defineRoute, ZIdParams } from './http.js';
import { defineMessages } from './messages.js';
import * as z from './zod-i18n.js';

const broadcastMessages = defineMessages({
  kind: /* i18n */ { id: 'broadcasts.kind', message: 'Tipo di messaggio non valido.' },
  recipientType: /* i18n */ { id: 'broadcasts.recipient_type', message: 'Destinatari non validi.' },
  email: /* i18n */ { id: 'broadcasts.email', message: 'Indirizzo e-mail non valido.' },
  pickCard: /* i18n */ { id: 'broadcasts.pick_card', message: 'Seleziona almeno una tessera' },
  required: /* i18n */ { id: 'broadcasts.required', message: 'Oggetto e messaggio sono obbligatori' },
  subjectTooLong: /* i18n */ { id: 'broadcasts.subject_too_long', message: 'L’oggetto può avere al massimo 200 caratteri.' },
  messageTooLong: /* i18n */ { id: 'broadcasts.message_too_long', message: 'Il messaggio è troppo lungo.' },
});

/** Recipients listed in the modal before '... e altri N tesserati'. */
export const BROADCAST_PREVIEW_SIZE = 10;

/** specific: the addresses given (the selected cards' holders); active / all: every holder of an active / any card. */
export const RECIPIENT_TYPES = ['specific', 'active', 'all'] as const;

/** service: to every selected holder; newsletter: only to holders who consented, with a one-click unsubscribe. */
export const BROADCAST_KINDS = ['service', 'newsletter'] as const;
export type TBroadcastKind = (typeof BROADCAST_KINDS)[number];
export const BROADCAST_KIND_LABELS: Record<TBroadcastKind, string> = {
  service: 'Comunicazione di servizio (a tutti i selezionati)',
  newsletter: 'Newsletter (solo a chi ha dato il consenso)',
};

const ZRecipients = z
  .object({
    kind: z.enum(BROADCAST_KINDS, z.because(broadcastMessages.kind)).default('service'),
    recipient_type: z.enum(RECIPIENT_TYPES, z.because(broadcastMessages.recipientType)).default('specific'),
    specific_emails: z.array(z.string().trim().toLowerCase().pipe(z.email(z.because(broadcastMessages.email)))).max(20_000).default([]),
  })
  .refine((body) => body.recipient_type !== 'specific' || body.specific_emails.length > 0, {
    ...z.because(broadcastMessages.pickCard),
    path: ['specific_emails'],
  });

export const ZBroadcastRecipientsBody = ZRecipients;

export const ZBroadcastBody = ZRecipients.and(
  z.object({
    subject: z
      .string(z.because(broadcastMessages.required))
      .trim()
      .min(1, z.because(broadcastMessages.required))
      .max(200, z.because(broadcastMessages.subjectTooLong)),
    message: z
      .string(z.because(broadcastMessages.required))
      .trim()
      .min(1, z.because(broadcastMessages.required))
      .max(20_000, z.because(broadcastMessages.messageTooLong)),
  }),
);
export type TBroadcastBody = z.input<typeof ZBroadcastBody>;

/** How long a send will take at the configured provider rate (the wire names it after Amazon SES). */
export const ZSendEstimate = z.object({
  rate_per_second: z.number(),
  batch_size: z.number().int(),
  total_batches: z.number().int(),
  estimated_seconds: z.number().int(),
});

export const BROADCAST_STATUSES = ['queued', 'sending', 'completed'] as const;

/** The send's answer (counts, duration, rate, batches), plus what the progress view needs. */
export const ZBroadcast = z.object({
  id: z.number().int(),
  status: z.enum(BROADCAST_STATUSES),
  success: z.boolean(),
  message: z.string(),
  total: z.number().int(),
  sent_count: z.number().int(),
  failed_count: z.number().int(),
  duration_minutes: z.number(),
  average_rate_per_second: z.number(),
  mailer_used: z.string(),
  aws_ses_stats: z.object({ rate_limit_respected: z.boolean(), total_batches: z.number().int(), batch_size: z.number().int() }),
  failed_emails: z.array(z.object({ email: z.string(), error: z.string() })),
});
export type TBroadcast = z.infer<typeof ZBroadcast>;

export const broadcastsRoutes = {
  countRecipients: defineRoute({
    method: 'post',
    path: '/api/admin/broadcast-email/count-recipients',
    summary: 'Quanti destinatari con e-mail riceverebbero il messaggio e in quanto tempo',
    tag: 'broadcasts',
    access: 'admin',
    audit: 'skip',
    body: ZBroadcastRecipientsBody,
    response: z.object({ count: z.number().int(), aws_ses_estimates: ZSendEstimate }),
  }),
  send: defineRoute({
    method: 'post',
    path: '/api/admin/broadcast-email',
    summary: 'Accoda un’e-mail multipla: parte subito in background, al ritmo del fornitore',
    tag: 'broadcasts',
    access: 'admin',
    body: ZBroadcastBody,
    response: ZBroadcast,
    successStatus: 202,
  }),
  progress: defineRoute({
    method: 'get',
    path: '/api/admin/broadcast-email/:id',
    summary: 'Avanzamento e statistiche finali di un’e-mail multipla',
    tag: 'broadcasts',
    access: 'admin',
    params: ZIdParams,
    response: ZBroadcast,
  }),
};
