import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import clsx from 'clsx';
import WifiOff from 'lucide-react/icons/wifi-off';
import { useOnline } from '../../lib/use-online';

/** What waits for the server waits in vain without a connection: it says so (docs/screens.md#offline). */
export const OFFLINE_MESSAGE = msg`Sei senza connessione: la pagina si aggiorna appena torni online.`;

/**
 * Something loading, named by `label`; without a connection, the offline message in its place. A
 * button's spinner (no label) belongs to its button's own state.
 */
export function Spinner({ size = 'md', label: givenLabel }: { size?: 'sm' | 'md' | 'lg'; label?: string }) {
  const { i18n, t } = useLingui();
  const label = givenLabel ?? t`Caricamento...`;
  const online = useOnline();
  const dimension = { sm: 'h-4 w-4', md: 'h-6 w-6', lg: 'h-10 w-10' }[size];
  if (!online && label) {
    return (
      <span role="status" className="inline-flex items-center gap-2 text-sm font-medium text-slate-700">
        <WifiOff aria-hidden="true" className="h-4 w-4 shrink-0" />
        {i18n._(OFFLINE_MESSAGE)}
      </span>
    );
  }
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center gap-2">
      <span aria-hidden="true" className={clsx(dimension, 'animate-spin rounded-full border-2 border-current border-t-transparent')} />
      {label && <span className="sr-only">{label}</span>}
    </span>
  );
}

export function PageSpinner() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center text-sea-700">
      <Spinner size="lg" />
    </div>
  );
}
