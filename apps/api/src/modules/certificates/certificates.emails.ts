import { CERTIFICATE_KIND_LABELS, type TCertificateKind } from '@beach/contracts';
import { renderEmail } from '../../lib/email-layout.js';
import { formatItalianDate } from '../../lib/format.js';
import type { MailMessage } from '../../lib/mail.js';

export type ReminderKind = '30_days' | '7_days' | 'on_expiry';

const WHEN: Record<ReminderKind, (day: string) => string> = {
  '30_days': (day) => `scade il ${day}, tra un mese`,
  '7_days': (day) => `scade il ${day}, tra una settimana`,
  on_expiry: () => 'scade oggi',
};

export function certificateReminderEmail(recipient: { email: string; firstName: string }, certificate: { kind: TCertificateKind; expiryDate: string }, kind: ReminderKind, membershipUrl: string): MailMessage {
  const day = formatItalianDate(certificate.expiryDate);
  return {
    to: recipient.email,
    subject: kind === 'on_expiry' ? 'Il tuo certificato medico scade oggi' : `Il tuo certificato medico scade il ${day}`,
    ...renderEmail({
      title: 'Rinnova il certificato medico',
      greeting: `Ciao ${recipient.firstName},`,
      paragraphs: [
        `il tuo certificato medico ${CERTIFICATE_KIND_LABELS[certificate.kind].toLowerCase()} ${WHEN[kind](day)}.`,
        'Senza un certificato valido non puoi giocare: fai la visita e carica il nuovo certificato dalla pagina Tesseramento, oppure portalo in segreteria.',
      ],
      action: { label: 'Carica il nuovo certificato', url: membershipUrl },
    }),
  };
}

/** Staff rejected the certificate the member uploaded: why, and what to do. */
export function certificateRejectedEmail(recipient: { email: string; firstName: string }, certificate: { kind: TCertificateKind; expiryDate: string }, reason: string, membershipUrl: string): MailMessage {
  return {
    to: recipient.email,
    subject: 'Il tuo certificato medico non è stato accettato',
    ...renderEmail({
      title: 'Certificato medico non accettato',
      greeting: `Ciao ${recipient.firstName},`,
      paragraphs: [
        `la segreteria non ha accettato il certificato medico ${CERTIFICATE_KIND_LABELS[certificate.kind].toLowerCase()} che hai caricato (scadenza ${formatItalianDate(certificate.expiryDate)}).`,
        `Motivo: ${reason}`,
        'Senza un certificato valido non puoi giocare: carica un certificato valido dalla pagina Tesseramento, oppure portalo in segreteria.',
      ],
      action: { label: 'Carica il certificato', url: membershipUrl },
    }),
  };
}
