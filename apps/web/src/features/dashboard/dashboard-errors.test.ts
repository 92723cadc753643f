import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-transport';
import { chartErrorMessage, dashboardErrorMessage } from './dashboard-errors';

describe('dashboard load messages', () => {
  it('names each cause', () => {
    expect(dashboardErrorMessage(new ApiError(404, 'Endpoint non trovato: GET /api/admin/users'))).toBe('Endpoint delle statistiche non trovato. Verificare la configurazione delle rotte API.');
    expect(dashboardErrorMessage(new ApiError(403, 'Vietato'))).toBe('Non hai i permessi necessari per accedere a questa risorsa.');
    expect(dashboardErrorMessage(new ApiError(0, 'timeout'))).toBe('Impossibile contattare il server. Controlla la tua connessione e riprova.');
    expect(dashboardErrorMessage(new ApiError(500, 'Database non raggiungibile.'))).toBe('Database non raggiungibile.');
    expect(dashboardErrorMessage(new ApiError(502, ''))).toBe('Errore 502: Si è verificato un errore nel caricamento dei dati.');
    expect(dashboardErrorMessage(new TypeError('x is undefined'))).toBe('Si è verificato un errore imprevisto.');
  });

  it('prefixes the chart error with Errore:', () => {
    expect(chartErrorMessage(new ApiError(500, 'Guasto'))).toBe('Errore: Guasto');
    expect(chartErrorMessage('?')).toBe('Errore: Si è verificato un errore imprevisto.');
  });
});
