import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, type ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RootLayout } from './layout';
import { page } from './screen-error';
import { render } from '../test/test-support';

// What Chromium throws when a lazily loaded chunk cannot be fetched (offline, or renamed by a deploy).
const chunkFailure = () => new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/admin-users-page-OLD.js');

function renderWithScreen(load: () => Promise<{ default: ComponentType }>) {
  // The layout restores the scroll position; jsdom has no scrolling.
  vi.stubGlobal('scrollTo', () => {});
  const Screen = lazy(load);
  const router = createMemoryRouter(
    [{ element: <RootLayout />, children: [{ path: '/rotto', element: <Screen /> }, { path: '/', element: <p>Pagina sana</p> }] }],
    { initialEntries: ['/rotto'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('a screen that cannot be loaded', () => {
  afterEach(() => sessionStorage.clear());

  it('is replaced by a message with "Riprova" inside the layout: header and footer stay', async () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithScreen(() => Promise.reject(new Error('boom')));
    expect(await screen.findByRole('heading', { name: 'Impossibile aprire questa pagina' })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads once by itself after a failed chunk (a deploy renamed it), then shows the message', async () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const first = renderWithScreen(() => Promise.reject(chunkFailure()));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('button', { name: 'Riprova' })).toBeNull();
    first.dispose();
    // The reloaded page fails again at once (offline): no reload loop, the message and the button instead.
    renderWithScreen(() => Promise.reject(chunkFailure()));
    expect(await screen.findByText('Controlla la tua connessione e riprova.')).toBeTruthy();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('is forgotten when the visitor moves to another screen', async () => {
    vi.spyOn(page, 'reload').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = renderWithScreen(() => Promise.reject(new Error('boom')));
    await screen.findByRole('button', { name: 'Riprova' });
    await router.navigate('/');
    expect(await screen.findByText('Pagina sana')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Riprova' })).toBeNull();
  });
});
