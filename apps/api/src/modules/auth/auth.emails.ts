import { defineMessages } from '@beach/contracts';
import { greetingOf, renderEmail } from '../../lib/email-layout.js';
import { i18nFor, sayer } from '../../lib/i18n.js';
import type { MailMessage } from '../../lib/mail.js';

/** Who the e-mail goes to, and their language (users.locale). */
interface Recipient {
  email: string;
  firstName: string;
  locale: string;
}

const messages = defineMessages({
  verifySubject: /* i18n */ { id: 'api.auth.email_verify_subject', message: 'Conferma il tuo indirizzo e-mail' },
  welcomeTitle: /* i18n */ { id: 'api.auth.email_welcome_title', message: 'Benvenuto in Adriatica Beach Arena!' },
  verifyText: /* i18n */ {
    id: 'api.auth.email_verify_text',
    message: 'grazie per esserti registrato. Per attivare il tuo account conferma il tuo indirizzo e-mail.',
  },
  verifyAction: /* i18n */ { id: 'api.auth.email_verify_action', message: 'Conferma e-mail' },
  verifyFootnote: /* i18n */ {
    id: 'api.auth.email_verify_footnote',
    message: 'Il link vale 24 ore e si può usare una sola volta. Se non ti sei registrato tu, ignora questo messaggio.',
  },
  resetSubject: /* i18n */ { id: 'api.auth.email_reset_subject', message: 'Reimposta la tua password' },
  resetTitle: /* i18n */ { id: 'api.auth.email_reset_title', message: 'Reimposta la password' },
  resetText: /* i18n */ { id: 'api.auth.email_reset_text', message: 'abbiamo ricevuto una richiesta per reimpostare la password del tuo account.' },
  resetAction: /* i18n */ { id: 'api.auth.email_reset_action', message: 'Scegli una nuova password' },
  resetFootnote: /* i18n */ {
    id: 'api.auth.email_reset_footnote',
    message: 'Il link vale 60 minuti e si può usare una sola volta. Se non hai chiesto tu il cambio, ignora questo messaggio: la password resta quella di prima.',
  },
  createdSubject: /* i18n */ { id: 'api.auth.email_created_subject', message: 'Il tuo account Adriatica Beach Arena' },
  createdText: /* i18n */ {
    id: 'api.auth.email_created_text',
    message: 'la segreteria del centro ha creato il tuo account. Scegli la tua password per accedere, gestire la tessera e prenotare i campi.',
  },
  createdAction: /* i18n */ { id: 'api.auth.email_created_action', message: 'Scegli la password' },
  createdFootnote: /* i18n */ {
    id: 'api.auth.email_created_footnote',
    message: 'Il link vale 7 giorni e si può usare una sola volta. Se scade, usa "Password dimenticata?" nella pagina di accesso.',
  },
});

export function verificationEmail(user: Recipient, url: string): MailMessage {
  const i18n = i18nFor(user.locale);
  const say = sayer(i18n);
  return {
    to: user.email,
    subject: say(messages.verifySubject),
    ...renderEmail(i18n, {
      title: say(messages.welcomeTitle),
      greeting: greetingOf(i18n, user.firstName),
      paragraphs: [say(messages.verifyText)],
      action: { label: say(messages.verifyAction), url },
      footnote: say(messages.verifyFootnote),
    }),
  };
}

export function passwordResetEmail(user: Recipient, url: string): MailMessage {
  const i18n = i18nFor(user.locale);
  const say = sayer(i18n);
  return {
    to: user.email,
    subject: say(messages.resetSubject),
    ...renderEmail(i18n, {
      title: say(messages.resetTitle),
      greeting: greetingOf(i18n, user.firstName),
      paragraphs: [say(messages.resetText)],
      action: { label: say(messages.resetAction), url },
      footnote: say(messages.resetFootnote),
    }),
  };
}

/** An account the desk made: the member chooses the password from here. */
export function accountCreatedEmail(user: Recipient, url: string): MailMessage {
  const i18n = i18nFor(user.locale);
  const say = sayer(i18n);
  return {
    to: user.email,
    subject: say(messages.createdSubject),
    ...renderEmail(i18n, {
      title: say(messages.welcomeTitle),
      greeting: greetingOf(i18n, user.firstName),
      paragraphs: [say(messages.createdText)],
      action: { label: say(messages.createdAction), url },
      footnote: say(messages.createdFootnote),
    }),
  };
}
