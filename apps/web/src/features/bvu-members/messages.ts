// Every message of the BVU members screen, and how a failed import becomes one.
import { ApiError } from '../../lib/api-transport';

export const BVU_MESSAGES = {
  loadFailed: 'Si è verificato un errore nel caricamento dei tesserati BVU. Riprova più tardi.',
  requiredFields: 'Compila tutti i campi obbligatori.',
  saveFailed: 'Si è verificato un errore nel salvataggio del tesserato BVU. Riprova più tardi.',
  deleteFailed: 'Si è verificato un errore nell’eliminazione del tesserato BVU. Riprova più tardi.',
  created: 'Tesserato BVU aggiunto con successo!',
  updated: 'Tesserato BVU aggiornato con successo!',
  deleted: 'Tesserato BVU eliminato con successo!',
  confirmDelete: (name: string) => `Sei sicuro di voler eliminare il tesserato BVU "${name}"?`,
  notCsv: (type: string) => `Il file deve essere in formato CSV. Formato attuale: ${type}`,
  tooLarge: 'Il file è troppo grande. La dimensione massima è 10MB',
  imported: 'Importazione completata con successo!',
  moreErrors: (count: number) => `...e altri ${count} errori.`,
} as const;

/** CSV import: the server's words when it gave any, else a text by cause. */
export function importErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return `Errore di rete o del browser: ${error instanceof Error ? error.message : String(error)}`;
  if (error.status >= 500) return 'Errore interno del server. Controlla i log per maggiori dettagli.';
  if (error.status === 0) return error.timedOut ? 'La richiesta ha impiegato troppo tempo. Prova con un file più piccolo o contatta l’amministratore.' : `Errore di rete o del browser: ${error.message}`;
  if (error.details) return error.details;
  if (error.status === 413) return 'Il file è troppo grande.';
  if (error.status === 422) return 'Il file non è valido o manca un campo richiesto.';
  return `Errore di rete o del browser: ${error.message}`;
}
