import { renderEmail } from '../../lib/email-layout.js';
import type { MailMessage } from '../../lib/mail.js';

interface Recipient {
  email: string;
  firstName: string;
}

export function verificationEmail(user: Recipient, url: string): MailMessage {
  return {
    to: user.email,
    subject: 'Conferma il tuo indirizzo e-mail',
    ...renderEmail({
      title: 'Benvenuto in Adriatica Beach Arena!',
      greeting: `Ciao ${user.firstName},`,
      paragraphs: ['grazie per esserti registrato. Per attivare il tuo account conferma il tuo indirizzo e-mail.'],
      action: { label: 'Conferma e-mail', url },
      footnote: 'Il link vale 24 ore e si può usare una sola volta. Se non ti sei registrato tu, ignora questo messaggio.',
    }),
  };
}

export function passwordResetEmail(user: Recipient, url: string): MailMessage {
  return {
    to: user.email,
    subject: 'Reimposta la tua password',
    ...renderEmail({
      title: 'Reimposta la password',
      greeting: `Ciao ${user.firstName},`,
      paragraphs: ['abbiamo ricevuto una richiesta per reimpostare la password del tuo account.'],
      action: { label: 'Scegli una nuova password', url },
      footnote: 'Il link vale 60 minuti e si può usare una sola volta. Se non hai chiesto tu il cambio, ignora questo messaggio: la password resta quella di prima.',
    }),
  };
}

/** An account the desk made: the member chooses the password from here. */
export function accountCreatedEmail(user: Recipient, url: string): MailMessage {
  return {
    to: user.email,
    subject: 'Il tuo account Adriatica Beach Arena',
    ...renderEmail({
      title: 'Benvenuto in Adriatica Beach Arena!',
      greeting: `Ciao ${user.firstName},`,
      paragraphs: ['la segreteria del centro ha creato il tuo account. Scegli la tua password per accedere, gestire la tessera e prenotare i campi.'],
      action: { label: 'Scegli la password', url },
      footnote: 'Il link vale 7 giorni e si può usare una sola volta. Se scade, usa "Password dimenticata?" nella pagina di accesso.',
    }),
  };
}
