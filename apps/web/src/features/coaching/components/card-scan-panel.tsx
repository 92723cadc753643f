// "Scansiona tessera" on the coach's session page: the check-in's camera reads a member's card and its
// holder is marked present ("Giulia Rossi: presente"); the card's number can be typed instead, as at the
// desk. The QR decoder loads only when the camera is opened.
import ScanLine from 'lucide-react/icons/scan-line';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { serverMessage } from '../../../lib/api-errors';
import { useTakeAttendanceByCard } from '../api/coaching';

const CameraScanner = lazy(() => import('../../check-ins').then((checkIns) => ({ default: checkIns.CameraScanner })));

export function CardScanPanel({ sessionId }: { sessionId: number }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const mark = useTakeAttendanceByCard(sessionId);
  const read = (code: string) => mark.mutate({ code });
  const submitTyped = (event: FormEvent) => {
    event.preventDefault();
    read(typed);
  };

  return (
    <div className="space-y-3">
      <Button variant="secondary" className="min-h-11 w-full sm:w-auto" aria-expanded={open} aria-controls="card-scan" onClick={() => setOpen(!open)}>
        <ScanLine className="h-5 w-5" aria-hidden="true" />
        {open ? 'Chiudi la scansione' : 'Scansiona tessera'}
      </Button>
      {open && (
        <div id="card-scan" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
          <Suspense fallback={<Spinner label="Caricamento fotocamera..." />}>
            <CameraScanner onCode={read} />
          </Suspense>
          <form noValidate onSubmit={submitTyped} className="flex items-start gap-2" aria-label="Segna presente per numero di tessera">
            <div className="min-w-0 flex-1">
              <Input label="Numero tessera" placeholder="T2026-00042" autoComplete="off" autoCapitalize="characters" value={typed} onChange={(event) => setTyped(event.target.value)} />
            </div>
            <Button type="submit" loading={mark.isPending} className="mt-6 min-h-11 shrink-0">
              Segna presente
            </Button>
          </form>
          {mark.isPending && <p className="text-sm text-slate-500" role="status">Lettura della tessera…</p>}
          {mark.isSuccess && !mark.isPending && <Alert tone="success">{`${mark.data.name}: presente`}</Alert>}
          {mark.isError && !mark.isPending && <Alert tone="error">{serverMessage(mark.error) ?? 'Presenza non segnata: controlla la connessione e riprova.'}</Alert>}
        </div>
      )}
    </div>
  );
}
