import { activateWeb } from '@beach/i18n/web';
import { i18n } from '@lingui/core';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/routes';
import { startingLocale } from './lib/i18n';
import { takeOverPrerendered } from './lib/prerendered';
import './styles.css';

// Moves are not transitions: a screen whose code is loading shows a spinner at once, and a move is
// on screen before the code after it runs (a logout clears the session only then).
const app = (
  <AppProviders>
    <BrowserRouter useTransitions={false}>
      <AppRoutes />
    </BrowserRouter>
  </AppProviders>
);
// The build prerenders the home page into index.html and marks the root with its path; any other
// address is served the empty shell. Hydrate only the markup of the address being opened, once the
// page's language's first catalogue part is in. No top-level await: an entry that awaits makes Rolldown
// split what the lazy screens share with it into chunks of their own (+7 KB gzip on the home page).
const container = document.getElementById('root')!;
void activateWeb(i18n, startingLocale(window.location.pathname)).then(() => {
  if (takeOverPrerendered(container, window.location.pathname)) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
