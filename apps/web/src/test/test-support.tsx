// Test helpers for the membership and payment screens: a fetch answering by "METHOD path", card
// fixtures, and a render inside a fresh query client and a router. `render` is Testing Library's inside
// the app's I18nProvider: a screen with a message throws without one.
import type { TAdminMembership, TMyMembership, TPriceList, TRole } from '@beach/contracts';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render as renderBare, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { beforeEach, vi } from 'vitest';
import { createQueryClient } from '../lib/query';
import { jsonResponse, signIn } from './fixtures';
import { todayInRome } from '../lib/format';

type Handler = (body: unknown) => Response | Promise<Response>;

/** Stubs fetch; `handlers` can be changed during a test. An unexpected call gets a 404. */
export function stubApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const handler = handlers[`${init?.method ?? 'GET'} ${url}`];
    if (!handler) return jsonResponse(404, { message: `Nessuna risposta di prova per ${init?.method} ${url}` });
    return handler(typeof init?.body === 'string' ? JSON.parse(init.body) : undefined);
  });
  vi.stubGlobal('fetch', fetchMock);
  /** The bodies sent to one route, in order. */
  const bodiesOf = (key: string) => fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${url}` === key).map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined));
  return { fetchMock, bodiesOf };
}

/**
 * For a whole test file: before each test, fetch answers from `handlers`, emptied (a test, or a later
 * beforeEach, puts its own), signed in as `role` when given. `bodiesOf` and `fetchMock` read the current test's calls.
 */
export function stubApiForEachTest(role?: TRole) {
  const handlers: Record<string, Handler> = {};
  let api: ReturnType<typeof stubApi>;
  beforeEach(() => {
    for (const key of Object.keys(handlers)) delete handlers[key];
    api = stubApi(handlers);
    if (role) signIn(role);
  });
  return {
    handlers,
    bodiesOf: (key: string) => api.bodiesOf(key),
    get fetchMock() {
      return api.fetchMock;
    },
  };
}

export type PathHandlers = Map<string, (url: URL, body: unknown) => Response | Promise<Response>>;
export interface RecordedCall {
  key: string;
  url: URL;
  body: unknown;
}

/** Stubs fetch answering by "METHOD pathname" (the handler reads the query); every call is recorded. */
export function stubApiByPath(handlers: PathHandlers, calls: RecordedCall[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const key = `${init?.method ?? 'GET'} ${url.pathname}`;
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ key, url, body });
      const handler = handlers.get(key);
      return handler ? handler(url, body) : jsonResponse(404, { message: `Nessuna risposta di prova per ${key}` });
    }),
  );
}

export const PRICES: TPriceList = {
  year: 2026,
  entries: [
    { code: 'membership_seasonal', amount_cents: 6000, note: null },
    { code: 'membership_seasonal_bvu', amount_cents: 5000, note: null },
    { code: 'membership_under_23', amount_cents: 3000, note: null },
    { code: 'membership_under_18', amount_cents: 0, note: null },
    { code: 'membership_monthly', amount_cents: 3000, note: null },
    { code: 'membership_weekly', amount_cents: 2000, note: null },
    { code: 'membership_daily', amount_cents: 500, note: null },
    { code: 'insurance_addon', amount_cents: 1000, note: null },
  ],
};

/** A day `years` years from today (negative: in the past), YYYY-MM-DD. */
export function yearsFromToday(years: number) {
  const today = todayInRome();
  const monthDay = today.slice(4) === '-02-29' ? '-02-28' : today.slice(4);
  return `${Number(today.slice(0, 4)) + years}${monthDay}`;
}

export function aMembership(overrides: Partial<TMyMembership> = {}): TMyMembership {
  return {
    id: 1,
    membership_number: 'T2026-00001',
    type: 'seasonal',
    status: 'active',
    is_bvu_member: false,
    bvu_card_code: null,
    fiscal_code: 'RSSGLI90A41H501X',
    start_date: yearsFromToday(-1),
    end_date: yearsFromToday(1),
    has_insurance: true,
    original_price: '70.00',
    discount_amount: '0.00',
    price: '70.00',
    coupon_code: null,
    pdf_path: null,
    qr_code: 'qr-token-qr-token-qr-token',
    created_at: '2026-05-01T08:00:00.000Z',
    updated_at: '2026-05-01T08:00:00.000Z',
    payment: null,
    awaiting: null,
    verify_url: 'http://localhost:5173/verifica-tessera/qr-token-qr-token-qr-token',
    can_cancel: false,
    ...overrides,
  };
}

/** A card as the back-office lists it; the holder is "Socio Numero{id}" unless given. */
export function anAdminMembership(id: number, overrides: Partial<TAdminMembership> = {}): TAdminMembership {
  const { awaiting: _awaiting, verify_url: _verify, can_cancel: _cancel, ...card } = aMembership({ id, membership_number: `T2026-${String(id).padStart(5, '0')}` });
  return {
    ...card,
    notes: null,
    user: { id: 100 + id, first_name: 'Socio', last_name: `Numero${id}`, email: `socio${id}@esempio.it`, phone: null, birth_date: null, role: 'user' },
    ...overrides,
  };
}

/** Where the router is now (path and query), for a test to read after a redirect or a dropped parameter. */
export function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

const WithI18n = ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>;

/** Testing Library's render, inside the page's I18nProvider (Italian unless a test switched). */
export function render(ui: ReactElement, options?: Omit<RenderOptions, 'queries'>) {
  return renderBare(ui, { wrapper: WithI18n, ...options });
}

/**
 * Renders `ui` at `url`, matched by `path` (with `state`: as a page navigated to with it); links elsewhere
 * land on a page showing where they went.
 */
export function renderAt(ui: ReactElement, { url, path = url.split('?')[0]!, state }: { url: string; path?: string; state?: unknown }) {
  const [pathname, search = ''] = url.split('?');
  const entry = state === undefined ? url : { pathname, search: search && `?${search}`, state };
  const router = createMemoryRouter([{ path, element: ui }, { path: '*', element: <Where /> }], { initialEntries: [entry] });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}
