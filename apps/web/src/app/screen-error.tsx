import { Trans } from '@lingui/react/macro';
import { Component, type ReactNode } from 'react';
import { Button } from '../components/ui/button';

/** The browsers' words for a lazily loaded chunk that could not be fetched (Chromium, Firefox, Safari). */
const CHUNK_FAILURE = /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;
const RELOADED_AT = 'beach:chunk-reload-at';
/** A second failure within this time of an automatic reload is shown, not reloaded again (no reload loop). */
const RELOAD_GUARD_MS = 30_000;

/** The page reload, an object so that tests can watch it (jsdom cannot navigate). */
export const page = { reload: () => window.location.reload() };

export const isChunkLoadFailure = (error: unknown) => error instanceof Error && CHUNK_FAILURE.test(error.message);

/**
 * After a deploy the old chunk names are gone: reloading once fetches the new entry and its chunks.
 * Returns false when an automatic reload already happened moments ago (offline, or a broken deploy).
 */
export function reloadOnceForNewVersion(now = Date.now()): boolean {
  const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
  if (now - last < RELOAD_GUARD_MS) return false;
  sessionStorage.setItem(RELOADED_AT, String(now));
  page.reload();
  return true;
}

interface Props {
  children: ReactNode;
}
interface State {
  error: unknown;
  reloading: boolean;
}

/**
 * A screen that fails to load or render is replaced by a short message with "Riprova", inside the
 * layout (header and footer stay). The layout keys it by path, so moving to another screen clears it.
 */
export class ScreenErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, reloading: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    if (isChunkLoadFailure(error) && reloadOnceForNewVersion()) this.setState({ reloading: true });
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    if (this.state.reloading) return null;
    const offline = isChunkLoadFailure(this.state.error);
    return (
      <section role="alert" className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-sea-900">
          <Trans>Impossibile aprire questa pagina</Trans>
        </h1>
        <p className="mt-4 text-slate-600">
          {offline ? (
            <Trans>Controlla la tua connessione e riprova.</Trans>
          ) : (
            <Trans>Si è verificato un errore imprevisto. Riprova tra qualche istante.</Trans>
          )}
        </p>
        <Button className="mt-6" onClick={() => page.reload()}>
          <Trans>Riprova</Trans>
        </Button>
      </section>
    );
  }
}
