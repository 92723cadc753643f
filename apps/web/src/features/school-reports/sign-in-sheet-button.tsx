// "Foglio presenze": downloads a session's printable sign-in sheet (Italian, like the screens that show it).
import Printer from 'lucide-react/icons/printer';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { serverMessage } from '../../lib/api-errors';
import { downloadSignInSheet } from './api/school-reports';

/** `courseId` for the staff's course route; null for a coach's own session. */
export function SignInSheetButton({ sessionId, courseId = null }: { sessionId: number; courseId?: number | null }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const print = async () => {
    setFailure(null);
    setBusy(true);
    try {
      await downloadSignInSheet({ id: sessionId, courseId });
    } catch (error) {
      setFailure(serverMessage(error) ?? 'Non è stato possibile scaricare il foglio presenze. Riprova più tardi.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button size="sm" variant="secondary" loading={busy} loadingText="Scaricamento..." onClick={() => void print()}>
        <Printer className="h-4 w-4" aria-hidden="true" />
        Foglio presenze
      </Button>
      {failure && <span role="alert" className="text-sm text-red-700">{failure}</span>}
    </span>
  );
}
