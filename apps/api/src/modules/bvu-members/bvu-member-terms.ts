// What the BVU members' parts share (docs/domain.md#bvu-members): the messages, the row as the screens
// show it, and the season a row without one belongs to.
import type { TBvuMember } from '@beach/contracts';
import type { BvuMember } from '../../generated/prisma/client.js';
import { toIsoDateOrNull, yearInRome } from '../../lib/time.js';

export const BVU_MESSAGES = {
  notFound: 'Tesserato BVU non trovato.',
  created: 'Tesserato BVU aggiunto con successo!',
  updated: 'Tesserato BVU aggiornato con successo!',
  deleted: 'Tesserato BVU eliminato con successo!',
  fiscalCodeTaken: (season: string) => `Esiste già un tesserato BVU con questo codice fiscale nella stagione ${season}.`,
  cardCodeTaken: (season: string) => `Il codice tessera è già assegnato a un altro tesserato nella stagione ${season}.`,
  imported: (created: number, updated: number, skipped: number) =>
    `Importazione completata: ${created} ${created === 1 ? 'tesserato aggiunto' : 'tesserati aggiunti'}, ${updated} ${updated === 1 ? 'aggiornato' : 'aggiornati'}` +
    (skipped > 0 ? `, ${skipped} ${skipped === 1 ? 'riga scartata' : 'righe scartate'}.` : '.'),
  cardHeldInDatabase: (line: number, season: string) => `Riga ${line}: codice tessera già assegnato a un altro tesserato nella stagione ${season}.`,
} as const;

export const currentSeason = () => String(yearInRome());

export const toBvuMemberDto = (member: BvuMember): TBvuMember => ({
  id: member.id,
  card_code: member.cardCode,
  season: member.season,
  last_name: member.lastName,
  first_name: member.firstName,
  fiscal_code: member.fiscalCode,
  gender: member.gender,
  birth_date: toIsoDateOrNull(member.birthDate),
  email: member.email,
  issue_date: toIsoDateOrNull(member.issueDate),
  expiry_date: toIsoDateOrNull(member.expiryDate),
});
