import { defineMessages, type TRainCheckOutcome } from '@beach/contracts';
import { greetingOf, renderEmail } from '../../lib/email-layout.js';
import { i18nFor, type Localized, localizedEuros, sayer } from '../../lib/i18n.js';
import type { MailMessage } from '../../lib/mail.js';

export interface RainCheckMailItem {
  court: string;
  /** The booking's time, written in the recipient's language (localizedWhen). */
  when: Localized;
  /** Where the member's money went and how much, each way once; none: nothing of theirs was paid. */
  returns: { outcome: Exclude<TRainCheckOutcome, 'none'>; amountCents: number }[];
  /** The member played in it with a share of their own (someone else booked it). */
  share?: boolean;
}

const WHAT_HAPPENED = defineMessages({
  credit: /* i18n */ { id: 'api.rain_checks.email_credit', message: '{amount} restituiti sul tuo credito, da usare per la prossima prenotazione.' },
  card: /* i18n */ {
    id: 'api.rain_checks.email_card',
    message: '{amount} rimborsati sulla carta con cui hai pagato: tornano disponibili in pochi giorni lavorativi.',
  },
  desk: /* i18n */ { id: 'api.rain_checks.email_desk', message: '{amount} restituiti in segreteria.' },
  carnet: /* i18n */ { id: 'api.rain_checks.email_carnet', message: 'l’ingresso è tornato sul tuo carnet.' },
  none: /* i18n */ { id: 'api.rain_checks.email_none', message: 'non era ancora pagata: non ti è stato addebitato nulla.' },
} satisfies Record<TRainCheckOutcome, unknown>);

const messages = defineMessages({
  subjectOne: /* i18n */ { id: 'api.rain_checks.email_subject_one', message: 'Prenotazione annullata per maltempo: {court}, {when}' },
  subjectMany: /* i18n */ { id: 'api.rain_checks.email_subject_many', message: '{count} prenotazioni annullate per maltempo' },
  titleOne: /* i18n */ { id: 'api.rain_checks.email_title_one', message: 'Prenotazione annullata per maltempo' },
  titleMany: /* i18n */ { id: 'api.rain_checks.email_title_many', message: 'Prenotazioni annullate per maltempo' },
  introOne: /* i18n */ {
    id: 'api.rain_checks.email_intro_one',
    message: 'purtroppo il tempo non ci permette di giocare ({reason}): abbiamo annullato la tua prenotazione.',
  },
  introMany: /* i18n */ {
    id: 'api.rain_checks.email_intro_many',
    message: 'purtroppo il tempo non ci permette di giocare ({reason}): abbiamo annullato le tue prenotazioni.',
  },
  item: /* i18n */ { id: 'api.rain_checks.email_item', message: '{court}, {when}: {happened}' },
  itemShare: /* i18n */ { id: 'api.rain_checks.email_item_share', message: '{court}, {when} (la tua quota): {happened}' },
  action: /* i18n */ { id: 'api.rain_checks.email_action', message: 'Le mie prenotazioni' },
  sorry: /* i18n */ { id: 'api.rain_checks.email_sorry', message: 'Ci scusiamo per il disagio: ti aspettiamo in campo con il sole.' },
});

/** The member's one e-mail of a rain check, in their language: every booking of theirs it cancelled and what happened to it. */
export function rainCheckEmail(
  user: { email: string; firstName: string; locale: string },
  reason: string,
  items: RainCheckMailItem[],
  bookingsUrl: string,
): MailMessage {
  const i18n = i18nFor(user.locale);
  const say = sayer(i18n);
  const single = items.length === 1;
  return {
    to: user.email,
    subject: single ? say(messages.subjectOne, { court: items[0]!.court, when: items[0]!.when }) : say(messages.subjectMany, { count: items.length }),
    ...renderEmail(i18n, {
      title: say(single ? messages.titleOne : messages.titleMany),
      greeting: greetingOf(i18n, user.firstName),
      paragraphs: [
        say(single ? messages.introOne : messages.introMany, { reason }),
        ...items.map((item) => {
          const happened =
            item.returns.length > 0
              ? item.returns.map((part) => say(WHAT_HAPPENED[part.outcome], { amount: localizedEuros(part.amountCents) }))
              : [say(WHAT_HAPPENED.none)];
          return say(item.share ? messages.itemShare : messages.item, { court: item.court, when: item.when, happened: happened.join(' ') });
        }),
      ],
      action: { label: say(messages.action), url: bookingsUrl },
      footnote: say(messages.sorry),
    }),
  };
}
