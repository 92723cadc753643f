import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { signIn } from '../test/fixtures';
import { landingOf, safeRedirectTarget } from '../config/paths';
import { RequireRole } from './guards';
import { render } from '../test/test-support';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <Where /> },
      { path: '/login', element: <Where /> },
      { element: <RequireRole level="user" />, children: [{ path: '/profilo', element: <Where /> }] },
      { element: <RequireRole level="coach" />, children: [{ path: '/allenatore', element: <Where /> }] },
      { element: <RequireRole level="staff" />, children: [{ path: '/admin/memberships', element: <Where /> }] },
      { element: <RequireRole level="admin" />, children: [{ path: '/admin/transactions', element: <Where /> }] },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return screen.getByTestId('where').textContent;
}

describe('route guards', () => {
  it('send a visitor to /login with the intended address as redirect', () => {
    expect(renderAt('/profilo?tab=dati')).toBe(`/login?redirect=${encodeURIComponent('/profilo?tab=dati')}`);
  });

  it('send a visitor of a staff route to /login too', () => {
    expect(renderAt('/admin/memberships')).toBe(`/login?redirect=${encodeURIComponent('/admin/memberships')}`);
  });

  it('send a user without enough privilege to /', () => {
    signIn('user');
    expect(renderAt('/admin/memberships')).toBe('/');
  });

  it('let a coach into their sessions, where they land after signing in', () => {
    signIn('coach');
    expect(renderAt('/allenatore')).toBe('/allenatore');
    expect(landingOf({ is_admin: false, role: 'coach' })).toBe('/allenatore');
  });

  it('keep a coach out of the back-office, saying so with a link to their lessons', () => {
    signIn('coach');
    const router = createMemoryRouter([{ element: <RequireRole level="staff" />, children: [{ path: '/admin/memberships', element: <Where /> }] }], {
      initialEntries: ['/admin/memberships'],
    });
    render(<RouterProvider router={router} />);
    expect(screen.queryByTestId('where')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Pagina riservata alla segreteria' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Vai a Le mie lezioni' }).getAttribute('href')).toBe('/allenatore');
  });

  it('keep a member out of the coaches’ sessions', () => {
    signIn('user');
    expect(renderAt('/allenatore')).toBe('/');
  });

  it('let staff into the coaches’ sessions', () => {
    signIn('staff');
    expect(renderAt('/allenatore')).toBe('/allenatore');
  });

  it('let staff into staff routes but not admin routes', () => {
    signIn('staff');
    expect(renderAt('/admin/memberships')).toBe('/admin/memberships');
  });

  it('keep staff out of admin routes', () => {
    signIn('staff');
    expect(renderAt('/admin/transactions')).toBe('/');
  });

  it('let an admin through both', () => {
    signIn('admin');
    expect(renderAt('/admin/memberships')).toBe('/admin/memberships');
  });

  it('let an admin through admin routes and a user through login-only routes', () => {
    signIn('admin');
    expect(renderAt('/admin/transactions')).toBe('/admin/transactions');
  });
});

describe('safeRedirectTarget', () => {
  it('returns to an address of this app only', () => {
    expect(safeRedirectTarget('?redirect=%2Fprenotazioni%3Fcampo%3DC1')).toBe('/prenotazioni?campo=C1');
    expect(safeRedirectTarget('?redirect=https%3A%2F%2Fevil.example')).toBe('/');
    expect(safeRedirectTarget('?redirect=%2F%2Fevil.example')).toBe('/');
    expect(safeRedirectTarget('')).toBe('/');
    expect(safeRedirectTarget('', '/admin')).toBe('/admin');
  });
});

describe('landingOf', () => {
  it('lands staff and admins on the desk, members on their page', () => {
    expect(landingOf({ is_admin: false, role: 'staff' })).toBe('/admin');
    expect(landingOf({ is_admin: true, role: 'admin' })).toBe('/admin');
    expect(landingOf({ is_admin: false, role: 'user' })).toBe('/profilo');
  });
});
