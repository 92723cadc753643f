import { StrictMode, useEffect, type ReactNode } from 'react';
import { session } from '../lib/session';

/** What wraps the router, in the browser and in the build's prerender alike. */
export function AppProviders({ children }: { children: ReactNode }) {
  useEffect(() => {
    if (session.get()) void import('./validate-session').then(({ validateStoredSession }) => validateStoredSession());
  }, []);
  return <StrictMode>{children}</StrictMode>;
}
