// The dashboard's message for each cause of a failed load (docs/screens.md#dashboard).
import { ApiError } from '../../lib/api-transport';

export const DASHBOARD_MESSAGES = {
  notFound: 'Endpoint delle statistiche non trovato. Verificare la configurazione delle rotte API.',
  forbidden: 'Non hai i permessi necessari per accedere a questa risorsa.',
  status: (status: number) => `Errore ${status}: Si è verificato un errore nel caricamento dei dati.`,
  noResponse: 'Impossibile contattare il server. Controlla la tua connessione e riprova.',
  unexpected: 'Si è verificato un errore imprevisto.',
} as const;

export function dashboardErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return DASHBOARD_MESSAGES.unexpected;
  if (error.status === 0) return DASHBOARD_MESSAGES.noResponse;
  if (error.status === 404) return DASHBOARD_MESSAGES.notFound;
  if (error.status === 403) return DASHBOARD_MESSAGES.forbidden;
  return error.message || DASHBOARD_MESSAGES.status(error.status);
}

/** A failed chart: 'Errore: {message}'. */
export const chartErrorMessage = (error: unknown) => `Errore: ${error instanceof Error && error.message ? error.message : DASHBOARD_MESSAGES.unexpected}`;
