// The app in three languages (docs/i18n.md#addresses-and-the-language-of-a-page): the address's prefix
// sets the page's language, the header's switcher moves to the same address in another one, an address
// without prefix keeps the visitor's language, and the back-office stays Italian.
import { i18n } from '@lingui/core';
import { fireEvent, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCALE_STORAGE_KEY, startingLocale, switchLocale } from '../lib/i18n';
import { jsonResponse, signIn } from '../test/fixtures';
import { render } from '../test/test-support';
import { AppRoutes } from './routes';

beforeEach(() => {
  // jsdom does not scroll; the layout scrolls to the top of each new screen.
  vi.stubGlobal('scrollTo', vi.fn());
  const publicApi = async (url: string) => (url.startsWith('/api/prices') ? jsonResponse(200, { year: 2027, entries: [] }) : jsonResponse(200, { data: [] }));
  vi.stubGlobal('fetch', vi.fn(publicApi));
});

/** The app at `address`, started as the browser's entry starts it. */
async function openApp(address: string) {
  await switchLocale(startingLocale(address));
  const router = createMemoryRouter([{ path: '*', element: <AppRoutes /> }], { initialEntries: [address] });
  render(<RouterProvider router={router} />);
  return router;
}
const header = () => screen.getByRole('banner');
/** A language's catalogue is imported (and, under vitest, transformed) on its first use: over 10 s on a busy machine (seen in `npm test`). */
const CATALOGUE_LOADED = { timeout: 30_000 };
const switcher = () => within(header()).getByRole('navigation', { name: /^(Lingua|Sprache|Language)$/ });

describe('the page’s language', { timeout: 60_000 }, () => {
  it('is German under /de/: the header, the home page and their links', async () => {
    await openApp('/de/');
    expect(await screen.findByRole('heading', { name: 'Willkommen am Strand!' }, CATALOGUE_LOADED)).toBeTruthy();
    expect(document.documentElement.lang).toBe('de');
    const main = within(header()).getByRole('navigation', { name: 'Hauptmenü' });
    expect(within(main).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Start', '/de/'],
      ['So funktioniert’s', '/de/#how-it-works'],
      ['Preise', '/de/#pricing'],
      ['Platzplan', '/de/#courts-map'],
    ]);
    expect(within(header()).getAllByRole('link', { name: 'Anmelden', hidden: true })[0]!.getAttribute('href')).toBe('/de/login');
    expect(screen.getByRole('link', { name: 'Jetzt registrieren und losspielen!' }).getAttribute('href')).toBe('/de/registrazione');
  });

  it('offers IT · DE · EN, each named in its own language, the current one marked', async () => {
    await openApp('/en/');
    const links = within(switcher()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('lang'), link.getAttribute('href')])).toEqual([
      ['IT Italiano', 'it', '/'],
      ['DE Deutsch', 'de', '/de/'],
      ['EN English', 'en', '/en/'],
    ]);
    expect(links.map((link) => link.getAttribute('aria-current'))).toEqual([null, null, 'true']);
  });

  it('switches with the switcher: same address, new language, choice kept', async () => {
    const router = await openApp('/');
    expect(await screen.findByRole('heading', { name: 'Benvenuti in spiaggia!' })).toBeTruthy();
    fireEvent.click(within(switcher()).getByRole('link', { name: 'DE Deutsch' }));
    expect(await screen.findByRole('heading', { name: 'Willkommen am Strand!' }, CATALOGUE_LOADED)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/de/');
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('de');

    // A link of a screen not yet localized (no prefix) keeps the visitor in German.
    await router.navigate('/login?redirect=%2Fprofilo');
    await vi.waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/de/login?redirect=%2Fprofilo'), CATALOGUE_LOADED);

    fireEvent.click(await within(switcher()).findByRole('link', { name: 'IT Italiano' }));
    expect(await within(header()).findByRole('navigation', { name: 'Principale' }, CATALOGUE_LOADED)).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe('/login?redirect=%2Fprofilo');
    expect(document.documentElement.lang).toBe('it');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('it');
  });

  it('keeps the back-office Italian inside a German page', async () => {
    signIn('admin');
    localStorage.setItem(LOCALE_STORAGE_KEY, 'de');
    const router = await openApp('/admin/associazione');
    expect(router.state.location.pathname).toBe('/admin/associazione');
    expect(i18n.locale).toBe('de');
    // The header follows the page; the screen, wrapped as Italian, is the back-office's.
    expect(within(header()).getByRole('navigation', { name: 'Hauptmenü' })).toBeTruthy();
    const screenHeading = await screen.findByRole('heading', { level: 1 });
    expect(screenHeading.closest('[lang]')!.getAttribute('lang')).toBe('it');
  });
});
