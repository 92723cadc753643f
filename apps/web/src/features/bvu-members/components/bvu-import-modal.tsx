// CSV import (docs/screens.md#bvu-import-screen): choose or drop a file, local checks (type, 10 MB)
// first, then the upload (120 s) and its summary: the server's message and up to 5 problems, then
// '...e altri N errori.'
import { BVU_IMPORT_MAX_BYTES, type TBvuImportResult } from '@beach/contracts';
import clsx from 'clsx';
import FileUp from 'lucide-react/icons/file-up';
import { useRef, useState, type DragEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { formatBytes } from '../../../lib/format';
import { useImportBvuMembers } from '../api/bvu-members';
import { BVU_MESSAGES, importErrorMessage } from '../messages';

const CSV_TYPES = ['text/csv', 'application/vnd.ms-excel', 'text/plain'];
/** Problems listed before the remainder count. */
const LISTED_PROBLEMS = 5;

/** Why the file cannot be sent (not a CSV type or name, over 10 MB), or null. */
export function localFileProblem(file: File): string | null {
  if (!CSV_TYPES.includes(file.type) && !file.name.toLowerCase().endsWith('.csv')) return BVU_MESSAGES.notCsv(file.type || 'sconosciuto');
  if (file.size > BVU_IMPORT_MAX_BYTES) return BVU_MESSAGES.tooLarge;
  return null;
}


/** The problems shown one by one, and how many more there are (the server lists only the first ones and counts the rest). */
export function problemsOf(result: TBvuImportResult) {
  const listed = result.errors.slice(0, LISTED_PROBLEMS);
  return { listed, rest: result.errors.length - listed.length + result.errors_not_listed };
}

function ImportSummary({ result }: { result: TBvuImportResult }) {
  const { listed, rest } = problemsOf(result);
  return (
    <Alert tone={result.errors.length > 0 ? 'warning' : 'success'}>
      <p>{result.message || BVU_MESSAGES.imported}</p>
      {listed.length > 0 && (
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {listed.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      {rest > 0 && <p className="mt-1">{BVU_MESSAGES.moreErrors(rest)}</p>}
    </Alert>
  );
}

export function BvuImportModal({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported: (result: TBvuImportResult) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<TBvuImportResult | null>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const upload = useImportBvuMembers();

  const choose = (chosen: File | undefined) => {
    setResult(null);
    if (!chosen) return;
    setFile(chosen);
    setError(localFileProblem(chosen));
  };
  const remove = () => {
    setFile(null);
    setError(null);
    setResult(null);
    if (input.current) input.current.value = '';
  };
  const close = () => {
    if (upload.isPending) return;
    remove();
    onClose();
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  async function send() {
    if (!file) return;
    const problem = localFileProblem(file);
    if (problem) return setError(problem);
    setError(null);
    try {
      const imported = await upload.mutateAsync(file);
      setResult(imported);
      setFile(null);
      if (input.current) input.current.value = '';
      onImported(imported);
    } catch (failure) {
      setError(importErrorMessage(failure));
    }
  }

  return (
    <Modal
      open={open}
      title="Importa tesserati BVU da CSV"
      onClose={close}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={upload.isPending}>
            {result ? 'Chiudi' : 'Annulla'}
          </Button>
          <Button onClick={send} disabled={!file || Boolean(error)} loading={upload.isPending} loadingText="Importazione in corso...">
            Importa
          </Button>
        </>
      }
    >
      <div className="space-y-4 text-sm text-slate-700">
        <label
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
          className={clsx(
            'flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center focus-within:outline-2 focus-within:outline-sea-700',
            dragging ? 'border-sea-700 bg-sea-50' : 'border-slate-300 hover:border-sea-600',
          )}
        >
          <FileUp aria-hidden="true" className="h-8 w-8 text-sea-700" />
          <span className="font-medium text-sea-800">Scegli un file o trascinalo qui</span>
          <span className="text-xs text-slate-500">CSV fino a 10MB</span>
          <input ref={input} type="file" accept=".csv,text/csv,application/vnd.ms-excel,text/plain" className="sr-only" onChange={(event) => choose(event.target.files?.[0])} disabled={upload.isPending} />
        </label>
        <p>
          Il file deve avere una riga di intestazione, con colonne separate da <code>;</code> o <code>,</code>: <code>codice_tessera</code>, <code>stagione</code>, <code>cognome</code>, <code>nome</code>,{' '}
          <code>codice_fiscale</code>, <code>sesso</code>, <code>data_nascita</code>, <code>email</code>, <code>data_rilascio</code>, <code>data_scadenza</code> (date gg/mm/aaaa). Un tesserato già presente per la stessa
          stagione viene aggiornato.
        </p>
        {file && (
          <div className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2">
            <span className="min-w-0 truncate">
              <strong>{file.name}</strong> · {formatBytes(file.size)}
            </span>
            <Button variant="ghost" size="sm" onClick={remove} disabled={upload.isPending}>
              Rimuovi
            </Button>
          </div>
        )}
        {upload.isPending && <p aria-live="polite">Importazione in corso... un file grande può richiedere fino a un paio di minuti.</p>}
        {error && (
          <Alert tone="error">
            <span className="whitespace-pre-line">{error}</span>
          </Alert>
        )}
        {result && <ImportSummary result={result} />}
      </div>
    </Modal>
  );
}
