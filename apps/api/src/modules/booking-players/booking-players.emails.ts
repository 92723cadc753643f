import { renderEmail } from '../../lib/email-layout.js';
import type { MailMessage } from '../../lib/mail.js';

type What = { court: string; when: string };

export function shareInvitationEmail(to: { email: string; firstName: string | null }, organiser: string, what: What, share: string, shareUrl: string, deadline: string): MailMessage {
  return {
    to: to.email,
    subject: `${organiser} ti ha aggiunto alla partita: ${what.court}, ${what.when}`,
    ...renderEmail({
      title: 'Sei in campo!',
      greeting: to.firstName ? `Ciao ${to.firstName},` : 'Ciao,',
      paragraphs: [
        `${organiser} ha prenotato il ${what.court} (${what.when}) e ti ha aggiunto tra i giocatori.`,
        `La tua quota è di ${share}: pagala con carta o con il credito entro il ${deadline}. Dopo, la paga l’organizzatore.`,
        ...(to.firstName ? [] : ['Non hai ancora un account? Registrati con questo indirizzo e-mail: la quota sarà collegata a te.']),
      ],
      action: { label: 'Paga la tua quota', url: shareUrl },
    }),
  };
}

export function sharesChargedEmail(to: { email: string; firstName: string }, what: What, total: string, shareUrls: string[]): MailMessage {
  return {
    to: to.email,
    subject: `Quote da saldare: ${what.court}, ${what.when}`,
    ...renderEmail({
      title: 'Alcune quote non sono state pagate',
      greeting: `Ciao ${to.firstName},`,
      paragraphs: [
        `alla scadenza alcuni giocatori del ${what.court} (${what.when}) non avevano pagato la loro quota: ${total} in tutto passano a te, e il tuo credito non basta a coprirli.`,
        'La prenotazione resta confermata. Salda le quote online da questi link:',
        ...shareUrls,
      ],
      action: { label: 'Paga la prima quota', url: shareUrls[0]! },
    }),
  };
}

/** The shares left unpaid at the deadline were paid from the organiser's credit. */
export function sharesPaidFromCreditEmail(to: { email: string; firstName: string }, what: What, total: string, creditUrl: string): MailMessage {
  return {
    to: to.email,
    subject: `Quote saldate con il tuo credito: ${what.court}, ${what.when}`,
    ...renderEmail({
      title: 'Quote saldate con il tuo credito',
      greeting: `Ciao ${to.firstName},`,
      paragraphs: [
        `alla scadenza alcuni giocatori del ${what.court} (${what.when}) non avevano pagato la loro quota: ${total} in tutto passano a te e li abbiamo presi dal tuo credito.`,
        'La prenotazione resta confermata.',
      ],
      action: { label: 'Vedi il tuo credito', url: creditUrl },
    }),
  };
}

/** A player paid their own share: the organiser hears of it, once per payment. */
export function sharePaidEmail(to: { email: string; firstName: string }, player: string, what: What, amount: string, bookingsUrl: string): MailMessage {
  return {
    to: to.email,
    subject: `${player} ha pagato la sua quota: ${what.court}, ${what.when}`,
    ...renderEmail({
      title: 'Una quota è stata pagata',
      greeting: `Ciao ${to.firstName},`,
      paragraphs: [`${player} ha pagato la sua quota di ${amount} per il ${what.court} (${what.when}).`, 'Su «Le mie prenotazioni» vedi chi ha pagato e cosa manca.'],
      action: { label: 'Vedi la prenotazione', url: bookingsUrl },
    }),
  };
}
