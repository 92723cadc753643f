import { useEffect, type ReactNode } from 'react';
import { session } from '../lib/session';

export function AppProviders({ children }: { children: ReactNode }) {
  useEffect(() => {
    if (session.get()) void import('./validate-session').then(({ validateStoredSession }) => validateStoredSession());
  }, []);
  return <>{children}</>;
}
