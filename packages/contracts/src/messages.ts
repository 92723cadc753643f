// The messages many contracts share. Each is a descriptor: a stable id (what the API's answers and the
// translations are keyed by) and its Italian text, the source language, as the spec has it. `/* i18n */`
// marks it for `lingui extract`; there is no macro, so this runs as it is under tsx (the API) and Vite (the
// web). A resource's own messages sit beside its contracts, written the same way.
import type { MessageDescriptor } from '@lingui/core';

/** A map of messages, its entries checked as descriptors and kept literal (ids and texts as written). */
export const defineMessages = <const M extends Record<string, MessageDescriptor>>(messages: M): M => messages;

export const validationMessages = defineMessages({
  required: /* i18n */ { id: 'validation.required', message: 'Campo obbligatorio.' },
  tooShort: /* i18n */ { id: 'validation.too_short', message: 'Deve contenere almeno {minimum} caratteri.' },
  tooLong: /* i18n */ { id: 'validation.too_long', message: 'Può contenere al massimo {maximum} caratteri.' },
  atMostCharacters: /* i18n */ { id: 'validation.at_most_characters', message: 'Al massimo {max} caratteri.' },
  email: /* i18n */ { id: 'validation.email', message: 'Inserisci un indirizzo e-mail valido.' },
  nul: /* i18n */ { id: 'validation.nul', message: 'Contiene un carattere non ammesso.' },
  id: /* i18n */ { id: 'validation.id', message: 'Identificativo non valido.' },
  court: /* i18n */ { id: 'validation.court', message: 'Campo non valido.' },
  booking: /* i18n */ { id: 'validation.booking', message: 'Prenotazione non valida.' },
  membership: /* i18n */ { id: 'validation.membership', message: 'Tessera non valida.' },
  fiscalCodeFormat: /* i18n */ { id: 'validation.fiscal_code_format', message: 'Il codice fiscale è fatto di 16 lettere e cifre.' },
  date: /* i18n */ { id: 'validation.date', message: 'Inserisci una data valida.' },
  number: /* i18n */ { id: 'validation.number', message: 'Inserisci un numero.' },
  integer: /* i18n */ { id: 'validation.integer', message: 'Inserisci un numero intero.' },
  atLeast: /* i18n */ { id: 'validation.at_least', message: 'Almeno {min}.' },
  atMost: /* i18n */ { id: 'validation.at_most', message: 'Al massimo {max}.' },
  endBeforeStart: /* i18n */ { id: 'validation.end_date_before_start', message: 'La data di fine non può precedere quella di inizio.' },
  dateToBeforeDateFrom: /* i18n */ { id: 'validation.date_to_before_date_from', message: 'La data finale non può precedere quella iniziale.' },
  status: /* i18n */ { id: 'validation.status', message: 'Stato non valido.' },
  filter: /* i18n */ { id: 'validation.filter', message: 'Filtro non valido.' },
  searchTooLong: /* i18n */ { id: 'validation.search_too_long', message: 'Ricerca troppo lunga.' },
  sort: /* i18n */ { id: 'validation.sort', message: 'Ordinamento non valido.' },
  sortOrder: /* i18n */ { id: 'validation.sort_order', message: 'Ordine non valido: usa asc o desc.' },
  page: /* i18n */ { id: 'validation.page', message: 'Pagina non valida.' },
  perPage: /* i18n */ { id: 'validation.per_page', message: 'Numero di righe non valido.' },
  perPageMax: /* i18n */ { id: 'validation.per_page_max', message: 'Al massimo {max} righe per pagina.' },
  reasonTooLong: /* i18n */ { id: 'validation.reason_too_long', message: 'Il motivo può avere al massimo 500 caratteri.' },
  paymentMethod: /* i18n */ { id: 'validation.payment_method', message: 'Metodo di pagamento non valido.' },
  deskTopUpMethod: /* i18n */ { id: 'validation.desk_top_up_method', message: 'Scegli come è stato pagato: contanti, POS o bonifico.' },
  slotStart: /* i18n */ { id: 'validation.slot_start', message: 'Orario di inizio non valido.' },
  slotEnd: /* i18n */ { id: 'validation.slot_end', message: 'Orario di fine non valido.' },
  // The API's own answer to a request whose fields failed: beside the fields' messages.
  invalidData: /* i18n */ { id: 'validation.invalid_data', message: 'I dati inviati non sono validi.' },
});
