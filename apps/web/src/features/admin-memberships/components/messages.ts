// Every message of the memberships back-office, the refusals for missing rights included.

export const MESSAGES = {
  loadFailed: 'Si è verificato un errore nel caricamento dei tesseramenti. Riprova più tardi.',
  pdfFailed: 'Si è verificato un errore nel download del PDF. Riprova più tardi.',
  activateFailed: 'Si è verificato un errore nell’attivazione della tessera. Riprova più tardi.',
  activated: (number: string) => `Tessera ${number} attivata con successo!`,
  deleteFailed: 'Si è verificato un errore nell’eliminazione della tessera. Riprova più tardi.',
  roleFailed: 'Si è verificato un errore nell’aggiornamento del ruolo. Riprova più tardi.',
  linkFailed: 'Si è verificato un errore nel collegamento del pagamento. Riprova più tardi.',
  linked: 'Pagamento collegato con successo!',
  noActivateRight: 'Non hai i permessi per attivare le tessere',
  noDeleteRight: 'Non hai i permessi per eliminare le tessere',
  noLinkRight: 'Non hai i permessi per collegare pagamenti',
  noRoleRight: 'Non hai i permessi per modificare i ruoli degli utenti',
  noBroadcastRight: 'Solo gli amministratori possono inviare email multiple',
  selectForEmail: 'Seleziona almeno una tessera per inviare email',
} as const;
