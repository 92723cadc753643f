// The CSV import's own checks and messages, before and after the upload.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-transport';
import { localFileProblem, problemsOf } from './components/bvu-import-modal';
import { importErrorMessage } from './messages';

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

describe('CSV import checks', () => {
  it('accepts the CSV types, or any type with a .csv name, up to 10 MB', () => {
    for (const type of ['text/csv', 'application/vnd.ms-excel', 'text/plain']) expect(localFileProblem(file('tesserati.txt', type))).toBeNull();
    expect(localFileProblem(file('EXPORT.CSV', 'application/octet-stream'))).toBeNull();
    expect(localFileProblem(file('foto.png', 'image/png'))).toBe('Il file deve essere in formato CSV. Formato attuale: image/png');
    expect(localFileProblem(file('tesserati.csv', 'text/csv', 10 * 1024 * 1024 + 1))).toBe('Il file è troppo grande. La dimensione massima è 10MB');
  });

  it('explains a failed upload by its cause', () => {
    expect(importErrorMessage(new ApiError(500, 'Errore interno del server. Riprova più tardi.'))).toBe('Errore interno del server. Controlla i log per maggiori dettagli.');
    expect(importErrorMessage(new ApiError(422, 'I dati inviati non sono validi.', { file: ['Manca la colonna obbligatoria: codice_tessera.'] }))).toBe('Manca la colonna obbligatoria: codice_tessera.');
    expect(importErrorMessage(new ApiError(413, ''))).toBe('Il file è troppo grande.');
    expect(importErrorMessage(new ApiError(0, 'x', undefined, true))).toBe('La richiesta ha impiegato troppo tempo. Prova con un file più piccolo o contatta l’amministratore.');
    expect(importErrorMessage(new ApiError(0, 'Impossibile contattare il server.'))).toBe('Errore di rete o del browser: Impossibile contattare il server.');
    expect(importErrorMessage(new TypeError('Failed to fetch'))).toBe('Errore di rete o del browser: Failed to fetch');
  });

  it('lists 5 problems and counts the rest, including those the server only counted', () => {
    const errors = Array.from({ length: 1000 }, (_, index) => `Riga ${index + 2}: e-mail: Inserisci un indirizzo e-mail valido.`);
    const summary = problemsOf({ message: 'Importazione completata: 0 tesserati aggiunti, 0 aggiornati, 1500 righe scartate.', created: 0, updated: 0, errors, errors_not_listed: 500 });
    expect(summary.listed).toEqual(errors.slice(0, 5));
    expect(summary.rest).toBe(1495);
    expect(problemsOf({ message: '', created: 1, updated: 0, errors: ['Riga 2: x'], errors_not_listed: 0 })).toEqual({ listed: ['Riga 2: x'], rest: 0 });
  });
});
