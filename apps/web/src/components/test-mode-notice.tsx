import { Trans } from '@lingui/react/macro';
import FlaskConical from 'lucide-react/icons/flask-conical';
import { usePaymentsConfig } from '../lib/shared-queries';

/** Discreet reminder that payments go through the local test double: no real charge. */
export function TestModeNotice() {
  const { data } = usePaymentsConfig();
  if (!data?.test_mode) return null;
  return (
    <p role="note" className="inline-flex items-center gap-1.5 rounded-md bg-amber-50 px-2.5 py-1 text-xs font-medium text-amber-900 ring-1 ring-amber-500/30">
      <FlaskConical aria-hidden="true" className="h-3.5 w-3.5" />
      <Trans>Pagamenti in modalità di prova: nessun addebito reale.</Trans>
    </p>
  );
}
