// What the draw answers when it refuses (docs/tournaments.md#draws-and-results).
import { defineMessages } from '@beach/contracts';
import { AppError } from '../../../lib/errors.js';
import type { Message } from '../../../lib/i18n.js';

export const DRAW_MESSAGES = defineMessages({
  badScore: /* i18n */ { id: 'api.tournaments.draw.bad_score', message: 'I punteggi dei set sono numeri interi da 0 in su.' },
  bestOfThree: /* i18n */ { id: 'api.tournaments.draw.best_of_three', message: 'Al meglio dei tre set: vince chi vince due set; il terzo si gioca solo sull’1–1.' },
  setTo21: /* i18n */ { id: 'api.tournaments.draw.set_to_21', message: 'Un set a 21 si vince con due punti di scarto: 21–19, oppure oltre il 21 con esattamente due punti (es. 25–23).' },
  setTo15: /* i18n */ { id: 'api.tournaments.draw.set_to_15', message: 'Il terzo set a 15 si vince con due punti di scarto: 15–13, oppure oltre il 15 con esattamente due punti (es. 17–15).' },
  oneSet: /* i18n */ { id: 'api.tournaments.draw.one_set', message: 'Questa partita si gioca in un solo set.' },
  timeCapped: /* i18n */ { id: 'api.tournaments.draw.time_capped', message: 'A tempo scaduto vince chi è in vantaggio: il punteggio non può essere in parità.' },
  beachTennisSet: /* i18n */ { id: 'api.tournaments.draw.beach_tennis_set', message: 'Un set di beach tennis si vince a 6 game con due di scarto, 7–5 o 7–6 (tie-break sul 6–6).' },
  matchNotFound: /* i18n */ { id: 'api.tournaments.draw.match_not_found', message: 'Partita non trovata nel tabellone.' },
  matchNotReady: /* i18n */ { id: 'api.tournaments.draw.match_not_ready', message: 'Questa partita non si può ancora giocare: mancano i risultati delle partite che la decidono.' },
  matchIsBye: /* i18n */ { id: 'api.tournaments.draw.match_is_bye', message: 'Questa partita è un turno di riposo: non ha un risultato.' },
  resetNotNeeded: /* i18n */ { id: 'api.tournaments.draw.reset_not_needed', message: 'La finale di spareggio non si gioca: la finale l’ha vinta la coppia imbattuta.' },
  correctionLocked: /* i18n */ { id: 'api.tournaments.draw.correction_locked', message: 'Il risultato non si può più correggere: le partite che ne dipendono sono già state giocate.' },
  tooFewEntries: /* i18n */ { id: 'api.tournaments.draw.too_few_entries', message: 'Servono più iscritti per questa formula.' },
  poolsDontFit: /* i18n */ { id: 'api.tournaments.draw.pools_dont_fit', message: 'Con questo numero di coppie non si formano gironi da 3 o 4: cambia la dimensione dei gironi.' },
  kobPlayers: /* i18n */ { id: 'api.tournaments.draw.kob_players', message: 'Il King of the Beach si gioca con un numero di giocatori multiplo di 4, almeno 8.' },
  duplicateEntries: /* i18n */ { id: 'api.tournaments.draw.duplicate_entries', message: 'Ogni iscritto compare una sola volta nel tabellone.' },
});

/** A refusal of the draw: 404 for an unknown match, 422 for a score that can't be, 409 for the rest. */
export class DrawError extends AppError {
  constructor(said: Message, status = 409) {
    super(status, said);
  }
}
