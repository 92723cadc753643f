import { AUTH_MESSAGES } from '@beach/contracts';
import { api } from './api-routes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, signIn, userWithRole } from '../test/fixtures';
import { callApi, downloadFile } from './api-client';
import { ApiError } from './api-transport';

const NETWORK_ERROR_MESSAGE = 'Impossibile contattare il server. Controlla la tua connessione e riprova.';
import { apiEvents } from './api-events';
import { session } from './session';

const fetchMock = vi.fn<typeof fetch>();
const alertMock = vi.fn();
const navigateMock = vi.fn();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  apiEvents.alert = alertMock;
  apiEvents.navigate = navigateMock;
  alertMock.mockReset();
  navigateMock.mockReset();
  window.history.replaceState(null, '', '/profilo');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const headersOf = (call: number) => new Headers(fetchMock.mock.calls[call]![1]!.headers as Record<string, string>);
const authorizationOf = (call: number) => headersOf(call).get('Authorization');
const profileCall = () => callApi(api.auth.profile);

describe('transport', () => {
  it('sends the bearer token, JSON Accept, X-Requested-With and credentials', async () => {
    signIn('user');
    fetchMock.mockResolvedValueOnce(jsonResponse(200, userWithRole('user')));
    await profileCall();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/user-profile');
    expect(headersOf(0).get('Accept')).toBe('application/json');
    expect(authorizationOf(0)).toBe('Bearer token-1');
    expect(headersOf(0).get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(init!.credentials).toBe('include');
  });

  it('on iOS sends neither credentials nor X-Requested-With', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)');
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { year: 2026, entries: [] }));
    await callApi(api.prices.current, { query: { year: 2026 } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/prices?year=2026');
    expect(headersOf(0).get('X-Requested-With')).toBeNull();
    expect(fetchMock.mock.calls[0]![1]!.credentials).toBe('omit');
  });

  it('turns a failed connection into an Italian message and only logs a 5xx', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(callApi(api.courts.list)).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockResolvedValueOnce(jsonResponse(500, { message: 'Errore interno del server. Riprova più tardi.' }));
    await expect(callApi(api.courts.list)).rejects.toBeInstanceOf(ApiError);
    expect(logged).toHaveBeenCalled();
    expect(alertMock).not.toHaveBeenCalled();
  });

  it('joins field messages by line', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(422, { message: 'I dati inviati non sono validi.', errors: { email: ['E-mail già usata.'], phone: ['Telefono non valido.'] } }));
    const error = (await callApi(api.auth.register, { body: {} as never }).catch((caught: unknown) => caught)) as ApiError;
    expect(error.details).toBe('E-mail già usata.\nTelefono non valido.');
  });
});

describe('401 handling', () => {
  it('with remember-me, refreshes once for concurrent requests and retries each with the new token', async () => {
    signIn('user', { remember: true, token: 'old' });
    let resolveRefresh!: (response: Response) => void;
    fetchMock.mockImplementation(async (url, init) => {
      const auth = new Headers(init!.headers as Record<string, string>).get('Authorization');
      if (url === '/api/auth/refresh') return new Promise<Response>((resolve) => (resolveRefresh = resolve));
      return auth === 'Bearer new' ? jsonResponse(200, userWithRole('user')) : jsonResponse(401, { message: 'Sessione scaduta o non valida.' });
    });
    const calls = Promise.all([profileCall(), profileCall(), profileCall()]);
    await vi.waitFor(() => expect(resolveRefresh).toBeTypeOf('function'));
    resolveRefresh(jsonResponse(200, { access_token: 'new', user: userWithRole('user', { first_name: 'Giuliana' }) }));
    const results = await calls;

    expect(results.map((user) => user.email)).toEqual(['giulia@esempio.it', 'giulia@esempio.it', 'giulia@esempio.it']);
    const refreshes = fetchMock.mock.calls.filter(([url]) => url === '/api/auth/refresh');
    expect(refreshes).toHaveLength(1);
    expect(new Headers(refreshes[0]![1]!.headers as Record<string, string>).get('Authorization')).toBe('Bearer old');
    expect(session.get()).toMatchObject({ token: 'new', remember: true, user: { first_name: 'Giuliana' } });
    expect(alertMock).not.toHaveBeenCalled();
  });

  it('retries with the new token, without a second refresh, a request whose 401 arrives after the refresh', async () => {
    signIn('user', { remember: true, token: 'old' });
    let lateAnswer!: (response: Response) => void;
    let oldCalls = 0;
    fetchMock.mockImplementation(async (url, init) => {
      const auth = new Headers(init!.headers as Record<string, string>).get('Authorization');
      if (url === '/api/auth/refresh') return jsonResponse(200, { access_token: 'new', user: userWithRole('user') });
      if (auth === 'Bearer new') return jsonResponse(200, userWithRole('user'));
      // The first request sent with the old token hears back only after the second one refreshed.
      oldCalls += 1;
      return oldCalls === 1 ? new Promise<Response>((resolve) => (lateAnswer = resolve)) : jsonResponse(401, { message: 'Sessione scaduta o non valida.' });
    });
    const late = profileCall();
    await vi.waitFor(() => expect(lateAnswer).toBeTypeOf('function'));
    await profileCall();
    expect(session.get()?.token).toBe('new');
    lateAnswer(jsonResponse(401, { message: 'Sessione scaduta o non valida.' }));
    await late;

    // A second refresh with the old token would be a reuse, which ends the session on the server.
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/refresh')).toHaveLength(1);
    expect(fetchMock.mock.calls.map(([url], index) => `${String(url)} ${authorizationOf(index)}`)).toEqual([
      '/api/auth/user-profile Bearer old',
      '/api/auth/user-profile Bearer old',
      '/api/auth/refresh Bearer old',
      '/api/auth/user-profile Bearer new',
      '/api/auth/user-profile Bearer new',
    ]);
    expect(alertMock).not.toHaveBeenCalled();
  });

  it('uses the token another tab has just refreshed instead of refreshing it again', async () => {
    signIn('user', { remember: true, token: 'old' });
    fetchMock.mockImplementation(async (_url, init) =>
      new Headers(init!.headers as Record<string, string>).get('Authorization') === 'Bearer from-other-tab' ? jsonResponse(200, userWithRole('user')) : jsonResponse(401, { message: 'Sessione scaduta o non valida.' }),
    );
    session.get();
    // The other tab wrote the storage; this tab has not heard of it yet.
    localStorage.setItem('auth_token', 'from-other-tab');
    await profileCall();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/auth/user-profile', '/api/auth/user-profile']);
    expect(authorizationOf(1)).toBe('Bearer from-other-tab');
    expect(alertMock).not.toHaveBeenCalled();
  });

  it('without remember-me, clears the session, alerts and goes to /login after a short delay', async () => {
    vi.useFakeTimers();
    signIn('user');
    fetchMock.mockResolvedValue(jsonResponse(401, { message: 'Sessione scaduta o non valida.' }));
    await expect(profileCall()).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(session.get()).toBeNull();
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(alertMock).toHaveBeenCalledWith(AUTH_MESSAGES.sessionExpired);
    expect(navigateMock).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1500);
    expect(navigateMock).toHaveBeenCalledWith('/login');
  });

  it('when the refresh fails, clears the session and sends the user to login', async () => {
    vi.useFakeTimers();
    signIn('user', { remember: true });
    fetchMock.mockResolvedValue(jsonResponse(401, { message: 'Sessione scaduta o non valida.' }));
    await expect(profileCall()).rejects.toMatchObject({ status: 401 });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/auth/user-profile', '/api/auth/refresh']);
    expect(session.get()).toBeNull();
    vi.advanceTimersByTime(1500);
    expect(navigateMock).toHaveBeenCalledWith('/login');
  });

  it('stays silent on the login, registration and password pages', async () => {
    for (const page of ['/login', '/registrazione', '/forgot-password', '/reset-password']) {
      window.history.replaceState(null, '', page);
      signIn('user');
      fetchMock.mockResolvedValue(jsonResponse(401, { message: 'x' }));
      await expect(profileCall()).rejects.toMatchObject({ status: 401 });
      expect(session.get()).toBeNull();
    }
    expect(alertMock).not.toHaveBeenCalled();
  });

  it('does not treat a failed login as an expired session', async () => {
    signIn('user');
    fetchMock.mockResolvedValue(jsonResponse(401, { message: AUTH_MESSAGES.invalidCredentials }));
    await expect(callApi(api.auth.login, { body: { email: 'a@b.it', password: 'x' } })).rejects.toMatchObject({ message: AUTH_MESSAGES.invalidCredentials });
    expect(session.get()).not.toBeNull();
    expect(alertMock).not.toHaveBeenCalled();
  });
});

describe('downloadFile', () => {
  const pdf = () => new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } });
  const download = () => downloadFile(api.memberships.pdf, { params: { id: 42 } }, 'tessera-T2026-00042.pdf');
  let saved: { href: string; download: string; inDocument: boolean }[];

  beforeEach(() => {
    saved = [];
    URL.createObjectURL = vi.fn(() => 'blob:tessera-42');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download, inDocument: document.body.contains(this) });
    });
  });

  it('fetches the file with the bearer token and hands it to the browser under its name', async () => {
    vi.useFakeTimers();
    signIn('user');
    fetchMock.mockResolvedValueOnce(pdf());
    await download();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/memberships/42/pdf');
    expect(authorizationOf(0)).toBe('Bearer token-1');
    expect(saved).toEqual([{ href: 'blob:tessera-42', download: 'tessera-T2026-00042.pdf', inDocument: true }]);
    expect(await (vi.mocked(URL.createObjectURL).mock.calls[0]![0] as Blob).text()).toBe('%PDF-1.7');
    expect(document.querySelector('a[download]')).toBeNull();
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60_000);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:tessera-42');
  });

  it('refreshes an expired remember-me token and retries, like every other call', async () => {
    signIn('user', { remember: true, token: 'old' });
    fetchMock
      .mockResolvedValueOnce(jsonResponse(401, { message: 'Sessione scaduta o non valida.' }))
      .mockResolvedValueOnce(jsonResponse(200, { access_token: 'new', user: userWithRole('user') }))
      .mockResolvedValueOnce(pdf());
    await download();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/memberships/42/pdf', '/api/auth/refresh', '/api/memberships/42/pdf']);
    expect(authorizationOf(2)).toBe('Bearer new');
    expect(saved).toHaveLength(1);
  });

  it('turns an error answer into an ApiError and saves nothing', async () => {
    signIn('user');
    fetchMock.mockResolvedValueOnce(jsonResponse(404, { message: 'Tessera non trovata.' }));
    await expect(download()).rejects.toMatchObject({ status: 404, message: 'Tessera non trovata.' });
    expect(saved).toEqual([]);
  });

  it('reports a download cut off half-way as a connection problem', async () => {
    signIn('user');
    const broken = new ReadableStream({ pull: (controller) => controller.error(new TypeError('terminated')) });
    fetchMock.mockResolvedValueOnce(new Response(broken, { status: 200 }));
    await expect(download()).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });
    expect(saved).toEqual([]);
  });
});
