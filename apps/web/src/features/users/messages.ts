// Every message of the users screen.
export const USERS_MESSAGES = {
  loadFailed: 'Si è verificato un errore nel caricamento degli utenti. Riprova più tardi.',
  detailFailed: 'Si è verificato un errore nel caricamento della scheda. Riprova più tardi.',
  requiredFields: 'Compila tutti i campi obbligatori.',
  saveFailed: 'Si è verificato un errore nel salvataggio dell’utente. Riprova più tardi.',
  noRoleRight: 'Non hai i permessi per modificare i ruoli degli utenti',
  roleFailed: 'Si è verificato un errore nell\'aggiornamento del ruolo. Riprova più tardi.',
  actionFailed: 'Si è verificato un errore. Riprova più tardi.',
} as const;

