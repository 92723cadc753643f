import { defineMessages, type TCertificateKind } from '@beach/contracts';
import { greetingOf, renderEmail } from '../../lib/email-layout.js';
import { i18nFor, localizedDay, sayer } from '../../lib/i18n.js';
import type { MailMessage } from '../../lib/mail.js';

export type ReminderKind = '30_days' | '7_days' | 'on_expiry';

/** Who the e-mail goes to, and their language (users.locale). */
interface Recipient {
  email: string;
  firstName: string;
  locale: string;
}

const messages = defineMessages({
  expiresTodaySubject: /* i18n */ { id: 'api.certificates.email_expires_today_subject', message: 'Il tuo certificato medico scade oggi' },
  expiresSubject: /* i18n */ { id: 'api.certificates.email_expires_subject', message: 'Il tuo certificato medico scade il {day}' },
  renewTitle: /* i18n */ { id: 'api.certificates.email_renew_title', message: 'Rinnova il certificato medico' },
  renewNoCertificate: /* i18n */ {
    id: 'api.certificates.email_renew_text',
    message: 'Senza un certificato valido non puoi giocare: fai la visita e carica il nuovo certificato dalla pagina Tesseramento, oppure portalo in segreteria.',
  },
  renewAction: /* i18n */ { id: 'api.certificates.email_renew_action', message: 'Carica il nuovo certificato' },
  rejectedSubject: /* i18n */ { id: 'api.certificates.email_rejected_subject', message: 'Il tuo certificato medico non è stato accettato' },
  rejectedTitle: /* i18n */ { id: 'api.certificates.email_rejected_title', message: 'Certificato medico non accettato' },
  rejectedText: /* i18n */ {
    id: 'api.certificates.email_rejected_text',
    message: 'la segreteria non ha accettato il certificato medico {kind} che hai caricato (scadenza {day}).',
  },
  rejectedReason: /* i18n */ { id: 'api.certificates.email_rejected_reason', message: 'Motivo: {reason}' },
  rejectedNoCertificate: /* i18n */ {
    id: 'api.certificates.email_rejected_next',
    message: 'Senza un certificato valido non puoi giocare: carica un certificato valido dalla pagina Tesseramento, oppure portalo in segreteria.',
  },
  rejectedChildText: /* i18n */ {
    id: 'api.certificates.email_rejected_child_text',
    message: 'la segreteria non ha accettato il certificato medico {kind} che hai caricato per {child} (scadenza {day}).',
  },
  rejectedChildNext: /* i18n */ {
    id: 'api.certificates.email_rejected_child_next',
    message: 'Senza un certificato valido {child} non può essere iscritto/a ai corsi che lo richiedono: carica un certificato valido dal profilo, in "I miei figli".',
  },
  rejectedAction: /* i18n */ { id: 'api.certificates.email_rejected_action', message: 'Carica il certificato' },
});

/** "il tuo certificato medico agonistico scade…": the kind inside the sentence, as the language places it. */
const WHEN = defineMessages({
  '30_days': /* i18n */ { id: 'api.certificates.email_expires_month', message: 'il tuo certificato medico {kind} scade il {day}, tra un mese.' },
  '7_days': /* i18n */ { id: 'api.certificates.email_expires_week', message: 'il tuo certificato medico {kind} scade il {day}, tra una settimana.' },
  on_expiry: /* i18n */ { id: 'api.certificates.email_expires_today', message: 'il tuo certificato medico {kind} scade oggi.' },
});

/** The kind of certificate as it reads inside a sentence (lower case in Italian). */
const KIND = defineMessages({
  agonistico: /* i18n */ { id: 'api.certificates.kind_agonistico', message: 'agonistico' },
  non_agonistico: /* i18n */ { id: 'api.certificates.kind_non_agonistico', message: 'non agonistico' },
} satisfies Record<TCertificateKind, unknown>);

type Certificate = { kind: TCertificateKind; expiryDate: string };
/** A rejected one names the child it was for (their first name), null for the member's own. */
type RejectedCertificate = Certificate & { childName: string | null };

export function certificateReminderEmail(recipient: Recipient, certificate: Certificate, kind: ReminderKind, membershipUrl: string): MailMessage {
  const i18n = i18nFor(recipient.locale);
  const say = sayer(i18n);
  const day = localizedDay(certificate.expiryDate);
  return {
    to: recipient.email,
    subject: kind === 'on_expiry' ? say(messages.expiresTodaySubject) : say(messages.expiresSubject, { day }),
    ...renderEmail(i18n, {
      title: say(messages.renewTitle),
      greeting: greetingOf(i18n, recipient.firstName),
      paragraphs: [say(WHEN[kind], { kind: say(KIND[certificate.kind]), day }), say(messages.renewNoCertificate)],
      action: { label: say(messages.renewAction), url: membershipUrl },
    }),
  };
}

/** Staff rejected the certificate the member uploaded (for themself or a child): why, and what to do. */
export function certificateRejectedEmail(recipient: Recipient, certificate: RejectedCertificate, reason: string, uploadUrl: string): MailMessage {
  const i18n = i18nFor(recipient.locale);
  const say = sayer(i18n);
  const kind = say(KIND[certificate.kind]);
  const day = localizedDay(certificate.expiryDate);
  const child = certificate.childName;
  return {
    to: recipient.email,
    subject: say(messages.rejectedSubject),
    ...renderEmail(i18n, {
      title: say(messages.rejectedTitle),
      greeting: greetingOf(i18n, recipient.firstName),
      paragraphs: [
        child === null ? say(messages.rejectedText, { kind, day }) : say(messages.rejectedChildText, { kind, child, day }),
        say(messages.rejectedReason, { reason }),
        child === null ? say(messages.rejectedNoCertificate) : say(messages.rejectedChildNext, { child }),
      ],
      action: { label: say(messages.rejectedAction), url: uploadUrl },
    }),
  };
}
