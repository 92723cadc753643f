import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { StrictMode, useEffect, type ReactNode } from 'react';
import { session } from '../lib/session';

/** What wraps the router, in the browser and in the build's prerender alike. */
export function AppProviders({ children }: { children: ReactNode }) {
  useEffect(() => {
    if (session.get()) void import('./validate-session').then(({ validateStoredSession }) => validateStoredSession());
  }, []);
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    </StrictMode>
  );
}
