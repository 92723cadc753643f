// The tournaments' rules as members and the organiser read them (docs/tournaments.md): the messages, a
// tournament as listed, and whether its registration is open now.
import { centsToMoney, defineMessages, type TTournamentSummary } from '@beach/contracts';
import type { Tournament } from '../../generated/prisma/client.js';
import { toIsoDate } from '../../lib/time.js';

export const TOURNAMENT_MESSAGES = defineMessages({
  notFound: /* i18n */ { id: 'api.tournaments.not_found', message: 'Torneo non trovato.' },
  entryNotFound: /* i18n */ { id: 'api.tournaments.entry_not_found', message: 'Iscrizione non trovata.' },
  created: /* i18n */ { id: 'api.tournaments.created', message: 'Torneo creato in bozza: i campi sono riservati.' },
  updated: /* i18n */ { id: 'api.tournaments.updated', message: 'Torneo aggiornato.' },
  published: /* i18n */ { id: 'api.tournaments.published', message: 'Torneo pubblicato: le iscrizioni si aprono alla data indicata.' },
  cancelled: /* i18n */ { id: 'api.tournaments.cancelled', message: 'Torneo annullato: ogni quota pagata torna a chi l’ha pagata e i campi sono liberi.' },
  notDraft: /* i18n */ { id: 'api.tournaments.not_draft', message: 'Si può pubblicare solo un torneo in bozza.' },
  alreadyDrawn: /* i18n */ { id: 'api.tournaments.already_drawn', message: 'Il torneo è già stato sorteggiato (o è chiuso): non si può più modificare.' },
  notCancellable: /* i18n */ { id: 'api.tournaments.not_cancellable', message: 'Il torneo è già annullato o concluso.' },
  formatLocked: /* i18n */ { id: 'api.tournaments.format_locked', message: 'Ci sono già iscritti: la formula non può passare tra coppie e King of the Beach.' },
  tooFewPlaces: /* i18n */ { id: 'api.tournaments.too_few_places', message: 'Ci sono già più iscritti dei posti indicati.' },
  courtTaken: /* i18n */ { id: 'api.tournaments.court_taken', message: 'Il campo {court} è occupato il {day} dalle {from} alle {to} ({what}).' },
  unknownCourt: /* i18n */ { id: 'api.tournaments.unknown_court', message: 'Campo non trovato.' },
  registrationClosed: /* i18n */ { id: 'api.tournaments.registration_closed', message: 'Le iscrizioni a questo torneo non sono aperte.' },
  partnerNeeded: /* i18n */ { id: 'api.tournaments.partner_needed', message: 'Indica l’e-mail del compagno o della compagna.' },
  noPartnerInKob: /* i18n */ { id: 'api.tournaments.no_partner_in_kob', message: 'Nel King of the Beach ci si iscrive da soli.' },
  partnerIsYou: /* i18n */ { id: 'api.tournaments.partner_is_you', message: 'Il compagno non può essere la stessa persona.' },
  alreadyRegistered: /* i18n */ { id: 'api.tournaments.already_registered', message: 'Sei già iscritto a questo torneo.' },
  partnerAlreadyRegistered: /* i18n */ { id: 'api.tournaments.partner_already_registered', message: 'Il tuo compagno è già iscritto a questo torneo.' },
  noMembership: /* i18n */ { id: 'api.tournaments.no_membership', message: 'Per giocare il torneo serve una tessera valida nei giorni del torneo.' },
  registered: /* i18n */ { id: 'api.tournaments.registered', message: 'Iscrizione fatta: il posto è tuo. Ognuno paga la propria quota per confermarla.' },
  registeredFree: /* i18n */ { id: 'api.tournaments.registered_free', message: 'Iscrizione confermata: ci vediamo in campo!' },
  waiting: /* i18n */ { id: 'api.tournaments.waiting', message: 'Il torneo è al completo: siete in lista d’attesa. Se si libera un posto vi scriviamo.' },
  notPayable: /* i18n */ { id: 'api.tournaments.not_payable', message: 'Questa quota non si può pagare ora.' },
  paymentsClosed: /* i18n */ { id: 'api.tournaments.payments_closed', message: 'Le iscrizioni sono chiuse: le quote non si pagano più e le iscrizioni non confermate sono ritirate.' },
  nothingOwed: /* i18n */ { id: 'api.tournaments.nothing_owed', message: 'La tua quota è già pagata.' },
  paidWithCredit: /* i18n */ { id: 'api.tournaments.paid_with_credit', message: 'Quota pagata con il credito.' },
  withdrawn: /* i18n */ { id: 'api.tournaments.withdrawn', message: 'Coppia ritirata: ognuno riceve indietro la quota che ha pagato.' },
  withdrawClosed: /* i18n */ { id: 'api.tournaments.withdraw_closed', message: 'Le iscrizioni sono chiuse: per ritirarti parla con l’organizzatore.' },
  alreadyWithdrawn: /* i18n */ { id: 'api.tournaments.already_withdrawn', message: 'Questa iscrizione è già ritirata.' },
  postNotFound: /* i18n */ { id: 'api.tournaments.post_not_found', message: 'Annuncio non trovato.' },
  posted: /* i18n */ { id: 'api.tournaments.posted', message: 'Annuncio pubblicato: ti avvisiamo quando qualcuno risponde.' },
  alreadyPosted: /* i18n */ { id: 'api.tournaments.already_posted', message: 'Hai già un annuncio per questo torneo.' },
  answered: /* i18n */ { id: 'api.tournaments.answered', message: 'Risposta inviata.' },
  alreadyAnswered: /* i18n */ { id: 'api.tournaments.already_answered', message: 'Hai già risposto a questo annuncio.' },
  ownPost: /* i18n */ { id: 'api.tournaments.own_post', message: 'Non puoi rispondere al tuo annuncio.' },
  postClosed: /* i18n */ { id: 'api.tournaments.post_closed', message: 'Annuncio ritirato.' },
  collected: /* i18n */ { id: 'api.tournaments.collected', message: 'Quota incassata.' },
  entryCollected: /* i18n */ { id: 'api.tournaments.entry_collected', message: 'Quote incassate: la coppia è confermata.' },
  deskNothingOwed: /* i18n */ { id: 'api.tournaments.desk_nothing_owed', message: 'Non c’è nulla da incassare: le quote sono già pagate.' },
  offerExpired: /* i18n */ { id: 'api.tournaments.offer_expired', message: 'L’offerta del posto è scaduta: il posto passa alla coppia successiva in lista d’attesa.' },
  deskGuest: /* i18n */ { id: 'api.tournaments.desk_guest', message: 'Un ospite invitato paga dopo essersi registrato con l’e-mail dell’invito: senza account non si potrebbe restituirgli la quota.' },
  entryWithdrawn: /* i18n */ { id: 'api.tournaments.entry_withdrawn', message: 'Coppia ritirata: ogni quota pagata torna a chi l’ha pagata e il posto passa alla lista d’attesa.' },
});

/** Published (or further on) and now between the registration's opening and closing. */
export const registrationOpen = (tournament: Pick<Tournament, 'status' | 'registrationOpensAt' | 'registrationClosesAt'>, now: Date) =>
  tournament.status === 'published' && tournament.registrationOpensAt <= now && now < tournament.registrationClosesAt;

export const toTournamentSummary = (row: Tournament, now: Date): TTournamentSummary => ({
  id: row.id,
  name: row.name,
  title_de: row.titleDe,
  title_en: row.titleEn,
  sport: row.sport,
  category: row.category,
  under_age: row.underAge,
  format: row.format,
  match_format: row.matchFormat,
  starts_on: toIsoDate(row.startsOn),
  ends_on: toIsoDate(row.endsOn),
  entry_fee: centsToMoney(row.entryFeeCents),
  max_entries: row.maxEntries,
  entries_taken: row.entriesTaken,
  registration_opens_at: row.registrationOpensAt.toISOString(),
  registration_closes_at: row.registrationClosesAt.toISOString(),
  status: row.status,
  registration_open: registrationOpen(row, now),
});

type Named = { user: { firstName: string; lastName: string } | null };
/** A player as the public sees them: the member's name, or null for a guest not registered yet (the page words it in its language). */
export const publicName = (player: Named) => (player.user ? `${player.user.firstName} ${player.user.lastName}` : null);
/** A player as the organiser sees them (Italian, like the back-office). */
export const playerName = (player: Named) => publicName(player) ?? 'Ospite invitato';
