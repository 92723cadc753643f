// Every message of the finance screens (as everywhere in the back-office, load failures ask to retry later).
export const FINANCE_MESSAGES = {
  transactionsLoadFailed: 'Si è verificato un errore nel caricamento delle transazioni. Riprova più tardi.',
  transactionLoadFailed: 'Si è verificato un errore nel caricamento del movimento. Riprova più tardi.',
  exportFailed: 'Si è verificato un errore nell’esportazione. Riprova più tardi.',
  expensesLoadFailed: 'Si è verificato un errore nel caricamento delle spese. Riprova più tardi.',
  incomesLoadFailed: 'Si è verificato un errore nel caricamento degli incassi. Riprova più tardi.',
  requiredFields: 'Compila tutti i campi obbligatori.',
  saveFailed: 'Si è verificato un errore nel salvataggio. Riprova più tardi.',
  deleteFailed: 'Si è verificato un errore nell’eliminazione. Riprova più tardi.',
} as const;
