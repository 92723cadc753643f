// The cards of /profilo: a white section named by its heading, and the state of the read it shows.
import type { ReactNode } from 'react';
import { Alert } from './alert';
import { Spinner } from './spinner';

/** A card named by the heading whose id is `titleId`. */
export function CardSection({ titleId, children }: { titleId: string; children: ReactNode }) {
  return (
    <section aria-labelledby={titleId} className="space-y-4 rounded-2xl bg-white p-6 shadow ring-1 ring-slate-200">
      {children}
    </section>
  );
}

/** While the read loads, a spinner saying what; when it failed, the message. */
export function ReadState({ read, loading, failed }: { read: { isPending: boolean; isError: boolean }; loading: string; failed: string }) {
  return (
    <>
      {read.isPending && <Spinner label={loading} />}
      {read.isError && <Alert tone="error">{failed}</Alert>}
    </>
  );
}
