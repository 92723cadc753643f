import { CREDIT_MOVEMENT_LABELS, type TCreditMovementKind } from '@beach/contracts';
import { renderEmail } from '../../lib/email-layout.js';
import { formatEuros } from '../../lib/format.js';
import type { MailMessage } from '../../lib/mail.js';

/** A movement of their credit the member did not make themselves (the desk, a correction, the weather). */
export function creditMovementEmail(
  user: { email: string; firstName: string },
  movement: { kind: TCreditMovementKind; amountCents: number; reason: string | null },
  balanceCents: number,
  creditUrl: string,
): MailMessage {
  const added = movement.amountCents > 0;
  return {
    to: user.email,
    subject: added ? 'Ti abbiamo accreditato del credito' : 'Abbiamo usato parte del tuo credito',
    ...renderEmail({
      title: 'Movimento del tuo credito',
      greeting: `Ciao ${user.firstName},`,
      paragraphs: [
        `${CREDIT_MOVEMENT_LABELS[movement.kind]}: ${added ? 'ti abbiamo accreditato' : 'abbiamo addebitato'} ${formatEuros(Math.abs(movement.amountCents))} sul tuo credito.`,
        ...(movement.reason ? [`Motivo: ${movement.reason}`] : []),
        `Il tuo credito ora è di ${formatEuros(balanceCents)}.`,
      ],
      action: { label: 'Vedi il tuo credito', url: creditUrl },
      footnote: 'Per qualsiasi dubbio rispondi a questa e-mail o passa in segreteria.',
    }),
  };
}

/** An online top-up went through: the amount is on the member's credit. */
export function topUpEmail(user: { email: string; firstName: string }, amountCents: number, availableCents: number, creditUrl: string): MailMessage {
  return {
    to: user.email,
    subject: `Ricarica ricevuta: ${formatEuros(amountCents)} sul tuo credito`,
    ...renderEmail({
      title: 'Ricarica ricevuta',
      greeting: `Ciao ${user.firstName},`,
      paragraphs: [`abbiamo ricevuto la tua ricarica di ${formatEuros(amountCents)}: è sul tuo credito.`, `Credito disponibile: ${formatEuros(availableCents)}. Lo usi per prenotare, per la tessera e per i carnet.`],
      action: { label: 'Vedi il tuo credito', url: creditUrl },
      footnote: 'La ricevuta è su «Il mio profilo».',
    }),
  };
}
