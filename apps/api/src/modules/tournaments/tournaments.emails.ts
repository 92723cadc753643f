import { defineMessages } from '@beach/contracts';
import { greetingOf, renderEmail } from '../../lib/email-layout.js';
import { i18nFor, localizedDay, localizedEuros, sayer } from '../../lib/i18n.js';
import type { MailMessage } from '../../lib/mail.js';
import { timeOf, todayInRome } from '../../lib/time.js';
import type { TransferInEmail } from '../bank-transfer/index.js';

const messages = defineMessages({
  invitationSubject: /* i18n */ { id: 'api.tournaments.email_invitation_subject', message: '{organiser} ti ha iscritto al torneo «{tournament}»' },
  invitationTitle: /* i18n */ { id: 'api.tournaments.email_invitation_title', message: 'Siete in coppia!' },
  invitationText: /* i18n */ { id: 'api.tournaments.email_invitation_text', message: '{organiser} ti ha iscritto in coppia al torneo «{tournament}» del {day}.' },
  invitationFee: /* i18n */ { id: 'api.tournaments.email_invitation_fee', message: 'La tua quota è di {fee}: pagala con la carta o con il credito dalla pagina del torneo. L’iscrizione è confermata quando avete pagato entrambi.' },
  invitationSignUp: /* i18n */ { id: 'api.tournaments.email_invitation_sign_up', message: 'Non hai ancora un account? Registrati con questo indirizzo e-mail: l’iscrizione sarà collegata a te.' },
  invitationAction: /* i18n */ { id: 'api.tournaments.email_invitation_action', message: 'Vai al torneo' },
  offerSubject: /* i18n */ { id: 'api.tournaments.email_offer_subject', message: 'Si è liberato un posto: {tournament}' },
  offerTitle: /* i18n */ { id: 'api.tournaments.email_offer_title', message: 'Un posto per voi' },
  offerText: /* i18n */ { id: 'api.tournaments.email_offer_text', message: 'si è liberato un posto nel torneo «{tournament}» ed è vostro: pagate la vostra quota entro il {day} alle {time} per confermarlo.' },
  offerFree: /* i18n */ { id: 'api.tournaments.email_offer_free', message: 'si è liberato un posto nel torneo «{tournament}»: la vostra iscrizione è confermata.' },
  offerAction: /* i18n */ { id: 'api.tournaments.email_offer_action', message: 'Vai al torneo' },
  lapsedSubject: /* i18n */ { id: 'api.tournaments.email_lapsed_subject', message: 'L’offerta del posto è scaduta: {tournament}' },
  lapsedTitle: /* i18n */ { id: 'api.tournaments.email_lapsed_title', message: 'L’offerta del posto è scaduta' },
  lapsedText: /* i18n */ { id: 'api.tournaments.email_lapsed_text', message: 'la vostra iscrizione al torneo «{tournament}» non è stata pagata per intero entro la scadenza: l’offerta del posto è scaduta e il posto passa a chi segue in lista d’attesa. Quanto avete già pagato vi viene restituito.' },
});

/** Who the e-mail goes to, in their language (users.locale; a guest reads their organiser's). */
interface Recipient {
  email: string;
  firstName: string | null;
  locale: string;
}

/** How to pay one's part by transfer (bank-transfer's transferForEmail): a member's part charged, once the association's IBAN is set. */
const transferParts = (transfer: TransferInEmail | null | undefined) => (transfer ? { paragraphs: [transfer.paragraph], image: transfer.image } : { paragraphs: [] });

/** The partner put in a pair by `organiser`: their part to pay; a guest without an account is asked to sign up. */
export function partnerInvitationEmail(to: Recipient, organiser: string, tournament: { name: string; startsOn: string; feeCents: number }, url: string, transfer?: TransferInEmail | null): MailMessage {
  const byTransfer = transferParts(transfer);
  const i18n = i18nFor(to.locale);
  const say = sayer(i18n);
  return {
    to: to.email,
    subject: say(messages.invitationSubject, { organiser, tournament: tournament.name }),
    ...renderEmail(i18n, {
      title: say(messages.invitationTitle),
      greeting: greetingOf(i18n, to.firstName),
      paragraphs: [
        say(messages.invitationText, { organiser, tournament: tournament.name, day: localizedDay(tournament.startsOn) }),
        ...(tournament.feeCents > 0 ? [say(messages.invitationFee, { fee: localizedEuros(tournament.feeCents) })] : []),
        ...byTransfer.paragraphs,
        ...(to.firstName ? [] : [say(messages.invitationSignUp)]),
      ],
      ...(byTransfer.image ? { image: byTransfer.image } : {}),
      action: { label: say(messages.invitationAction), url },
    }),
  };
}

/** A waiting entry offered a freed place: pay by `expiresAt` (null: free, confirmed at once). */
export function placeOfferedEmail(to: Recipient, offer: { tournament: string; expiresAt: Date | null }, url: string, transfer?: TransferInEmail | null): MailMessage {
  const byTransfer = transferParts(transfer);
  const i18n = i18nFor(to.locale);
  const say = sayer(i18n);
  const text = offer.expiresAt
    ? say(messages.offerText, { tournament: offer.tournament, day: localizedDay(todayInRome(offer.expiresAt)), time: timeOf(offer.expiresAt) })
    : say(messages.offerFree, { tournament: offer.tournament });
  return {
    to: to.email,
    subject: say(messages.offerSubject, { tournament: offer.tournament }),
    ...renderEmail(i18n, {
      title: say(messages.offerTitle), greeting: greetingOf(i18n, to.firstName), paragraphs: [text, ...byTransfer.paragraphs],
      ...(byTransfer.image ? { image: byTransfer.image } : {}), action: { label: say(messages.offerAction), url },
    }),
  };
}

/** An offered place not paid in full by its deadline: the entry is withdrawn, what was paid given back. */
export function offerLapsedEmail(to: Recipient, offer: { tournament: string }, url: string): MailMessage {
  const i18n = i18nFor(to.locale);
  const say = sayer(i18n);
  return {
    to: to.email,
    subject: say(messages.lapsedSubject, offer),
    ...renderEmail(i18n, { title: say(messages.lapsedTitle), greeting: greetingOf(i18n, to.firstName), paragraphs: [say(messages.lapsedText, offer)], action: { label: say(messages.offerAction), url } }),
  };
}
