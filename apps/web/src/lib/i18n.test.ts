import { readFileSync } from 'node:fs';
import { i18n } from '@lingui/core';
import { describe, expect, it, vi } from 'vitest';
import { withoutLanguageScript, withoutScriptComments } from '../../vite-plugins/inline-script';
import { send } from './api-transport';
import { apiLocale, chooseLocale, languageOfAddress, localizedTo, LOCALE_STORAGE_KEY, pathIn, prefixLocaleOf, startingLocale, switchLocale } from './i18n';

describe('addresses in a language', () => {
  it('reads the language of an address from its prefix only', () => {
    expect(prefixLocaleOf('/de/')).toBe('de');
    expect(prefixLocaleOf('/en')).toBe('en');
    expect(prefixLocaleOf('/en/le-mie-prenotazioni')).toBe('en');
    expect(prefixLocaleOf('/')).toBeNull();
    expect(prefixLocaleOf('/it/')).toBeNull();
    expect(prefixLocaleOf('/dettagli')).toBeNull();
    expect(prefixLocaleOf('/admin')).toBeNull();
  });

  it('gives the same address in another language, the back-office keeping its one address', () => {
    expect(pathIn('de', '/')).toBe('/de/');
    expect(pathIn('en', '/de/prenotazioni')).toBe('/en/prenotazioni');
    expect(pathIn('it', '/de/prenotazioni')).toBe('/prenotazioni');
    expect(pathIn('it', '/de')).toBe('/');
    expect(pathIn('de', '/admin/prenotazioni')).toBe('/admin/prenotazioni');
    expect(pathIn('de', '/allenatore/lezioni/14')).toBe('/allenatore/lezioni/14');
    expect(localizedTo('de', '/#pricing')).toBe('/de/#pricing');
    expect(localizedTo('en', '/prenotazioni?campo=C3')).toBe('/en/prenotazioni?campo=C3');
    expect(localizedTo('it', '/login')).toBe('/login');
  });
});

describe('the visitor’s language', () => {
  it('starts from the address, else from the stored choice, else Italian', () => {
    expect(startingLocale('/en/login')).toBe('en');
    expect(startingLocale('/login')).toBe('it');
    localStorage.setItem(LOCALE_STORAGE_KEY, 'de');
    expect(startingLocale('/login')).toBe('de');
    // A choice stored before the cookie existed: the server learns it for the next visit of the home page.
    expect(document.cookie).toBe('beach_locale=de');
    localStorage.setItem(LOCALE_STORAGE_KEY, 'fr');
    expect(startingLocale('/')).toBe('it');
  });

  it('is read before the first paint by index.html under the same storage key', () => {
    // The web app's tests run in apps/web.
    expect(readFileSync('index.html', 'utf8')).toContain(`localStorage.getItem('${LOCALE_STORAGE_KEY}')`);
  });

  it('is built without its comments, the same code left', () => {
    const html = readFileSync('index.html', 'utf8');
    const built = withoutScriptComments(html);
    expect(built).not.toMatch(/<script>[^<]*\/\/ /);
    expect(built.replace(/\s+/g, '')).toBe(html.replace(/^\s*\/\/.*$/gm, '').replace(/\s+/g, ''));
  });

  it('is left out of the German and English home pages, whose address says their language', () => {
    const html = readFileSync('index.html', 'utf8');
    const home = withoutLanguageScript(html);
    expect(home).not.toContain('<script>');
    expect(home).toBe(html.replace(/<script>[\s\S]*?<\/script>/, ''));
  });

  it.each([
    ['as written', (html: string) => html],
    ['as built, without its comments', withoutScriptComments],
  ])('opens an address without prefix in the chosen or the browser’s language before the first paint, and reads nothing on any other (%s)', (_form, built) => {
    const script = /<script>([\s\S]*?)<\/script>/.exec(built(readFileSync('index.html', 'utf8')))![1]!;
    const open = (pathname: string, { stored = null as string | null, languages = ['it-IT'] } = {}) => {
      const location = { pathname, search: '?a=1', hash: '', replace: vi.fn() };
      const storage = { getItem: vi.fn(() => stored) };
      new Function('location', 'localStorage', 'navigator', script)(location, storage, { userAgent: 'Chrome', languages });
      return { movedTo: location.replace.mock.calls[0]?.[0] ?? null, storageRead: storage.getItem.mock.calls.length > 0 };
    };
    expect(open('/', { languages: ['de-CH', 'it'] })).toEqual({ movedTo: '/de/?a=1', storageRead: true });
    expect(open('/prenotazioni', { stored: 'en', languages: ['de'] })).toEqual({ movedTo: '/en/prenotazioni?a=1', storageRead: true });
    expect(open('/', { stored: 'it', languages: ['de'] })).toEqual({ movedTo: null, storageRead: true });
    expect(open('/login', { stored: 'de' })).toEqual({ movedTo: '/de/login?a=1', storageRead: true });
    // The home page in an Italian browser: a German or English choice was the server's to follow (its cookie).
    expect(open('/')).toEqual({ movedTo: null, storageRead: false });
    expect(open('/', { stored: 'de' })).toEqual({ movedTo: null, storageRead: false });
    for (const pathname of ['/de/', '/en/', '/en/prenotazioni', '/admin/users']) {
      expect(open(pathname, { stored: 'de', languages: ['de'] }), pathname).toEqual({ movedTo: null, storageRead: false });
    }
  });

  it('moves an address without prefix to the language the visitor is in, but never the back-office', () => {
    expect(languageOfAddress('/de/profilo')).toEqual({ locale: 'de', redirect: null });
    expect(languageOfAddress('/profilo')).toEqual({ locale: 'de', redirect: '/de/profilo' });
    expect(languageOfAddress('/')).toEqual({ locale: 'de', redirect: '/de/' });
    expect(languageOfAddress('/admin/users')).toEqual({ locale: 'de', redirect: null });
    chooseLocale('it');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('it');
    expect(document.cookie).toBe('beach_locale=it');
    expect(languageOfAddress('/profilo')).toEqual({ locale: 'it', redirect: null });
  });

  it('keeps a choice when the page it leaves renders once more before the move', () => {
    expect(languageOfAddress('/de/login')).toEqual({ locale: 'de', redirect: null });
    chooseLocale('it');
    // The German page again (its screen's code arriving), then the Italian address: no way back to German.
    expect(languageOfAddress('/de/login')).toEqual({ locale: 'it', redirect: null });
    expect(languageOfAddress('/login')).toEqual({ locale: 'it', redirect: null });
    // Once there, an address with a prefix is the page's language again.
    expect(languageOfAddress('/en/login')).toEqual({ locale: 'en', redirect: null });
  });

  it('switches the page, its <html lang> and the API’s language; the back-office’s calls stay Italian', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response('{}'));
    vi.stubGlobal('fetch', fetchMock);
    await switchLocale('en');
    expect(i18n.locale).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(apiLocale()).toBe('en');
    await send({ method: 'get', url: '/api/courts' });
    expect(new Headers(fetchMock.mock.calls[0]![1].headers as Record<string, string>).get('Accept-Language')).toBe('en');
    window.history.replaceState(null, '', '/admin/users');
    expect(apiLocale()).toBe('it');
    window.history.replaceState(null, '', '/');
  });

  it('lets a later switch win over an earlier one still loading', async () => {
    const first = switchLocale('de');
    const second = switchLocale('en');
    await Promise.all([first, second]);
    expect(i18n.locale).toBe('en');
  });
});

it('fails a test that shows a message missing from the catalogue (test/setup.ts)', () => {
  expect(() => i18n._({ id: 'not-in-any-catalogue', message: 'Mai estratto' })).toThrow(/not in the it catalogue/);
});
