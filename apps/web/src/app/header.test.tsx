import type { TRole } from '@beach/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { backOfficeMenu } from './back-office-menu';
import { signIn, userWithRole } from '../test/fixtures';
import { Header } from './header';
import { render } from '../test/test-support';

const renderHeader = () => render(<MemoryRouter><Header /></MemoryRouter>);
const hrefs = (container: HTMLElement) => within(container).getAllByRole('link', { hidden: true }).map((link) => link.getAttribute('href'));

describe('backOfficeMenu', () => {
  const menuOf = (role: TRole) => {
    const menu = backOfficeMenu(userWithRole(role));
    return { dashboard: menu.dashboard?.to ?? null, groups: Object.fromEntries(menu.groups.map((group) => [group.label, group.links.map((link) => link.to)])) };
  };

  it('shows nothing of the back-office to users', () => {
    expect(menuOf('user')).toEqual({ dashboard: null, groups: {} });
  });

  it('shows a coach their sessions and nothing else of the back-office', () => {
    expect(menuOf('coach')).toEqual({ dashboard: null, groups: { Scuola: ['/allenatore'] } });
  });

  it('shows staff the dashboard, users, memberships, the bookings screens and the school’s sessions', () => {
    expect(menuOf('staff')).toEqual({
      dashboard: '/admin',
      groups: { Gestione: ['/admin/users', '/admin/memberships', '/admin/certificati'], Prenotazioni: ['/admin/prenotazioni', '/admin/prenotazioni-ricorrenti', '/admin/check-in'], Scuola: ['/admin/corsi', '/allenatore', '/admin/scuola/report'] },
    });
  });

  it('shows admins every back-office screen: the annual accounts, the audit log, the members’ register and the association’s details too', () => {
    expect(menuOf('admin')).toEqual({
      dashboard: '/admin',
      groups: {
        Gestione: ['/admin/users', '/admin/memberships', '/admin/certificati', '/admin/membership-editor', '/admin/bvu-members', '/admin/coupons', '/admin/transactions', '/admin/spese', '/admin/incassi', '/admin/banca', '/admin/prima-nota', '/admin/rendiconto', '/admin/registro-attivita', '/admin/libro-soci', '/admin/associazione'],
        Prenotazioni: ['/admin/prenotazioni', '/admin/prenotazioni-ricorrenti', '/admin/check-in', '/admin/campi', '/admin/allestimenti', '/admin/listino-prezzi', '/admin/coupon-prenotazioni', '/admin/carnet', '/admin/tornei', '/admin/partite-automatiche'],
        Scuola: ['/admin/corsi', '/allenatore', '/admin/scuola/report'],
      },
    });
  });
});

describe('Header', () => {
  it('offers the public anchors and "Area Utente" when logged out', () => {
    renderHeader();
    const nav = screen.getByRole('navigation', { name: 'Principale' });
    expect(hrefs(nav)).toEqual(['/', '/#how-it-works', '/#pricing', '/#courts-map']);
    expect(screen.getAllByRole('link', { name: 'Area Utente', hidden: true })[0]!.getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('button', { name: 'Esci subito' })).toBeNull();
  });

  it('shows a user the profile menu with initials, name, e-mail, role badge and links, and no back-office', async () => {
    signIn('user');
    renderHeader();
    // The signed-in parts are a chunk of their own.
    const profileButton = await screen.findByRole('button', { name: 'Menu profilo di Giulia' });
    expect(profileButton.querySelector('[data-initials]')!.getAttribute('data-initials')).toBe('GR');
    await userEvent.click(profileButton);
    const menu = document.getElementById(profileButton.getAttribute('aria-controls')!)!;
    expect(menu.hidden).toBe(false);
    expect(menu.textContent).toContain('Giulia Rossi');
    expect(menu.textContent).toContain('giulia@esempio.it');
    expect(menu.textContent).toContain('Utente');
    expect(hrefs(menu)).toEqual(['/profilo', '/tesseramento', '/le-mie-prenotazioni', '/prenotazioni', '/partite']);
    expect(within(menu).getByRole('button', { name: 'Esci' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Gestione' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Esci subito' })).toBeNull();
  });

  it('gives staff the dashboard, the Gestione and Prenotazioni menus and a quick logout', async () => {
    signIn('staff');
    renderHeader();
    const nav = screen.getByRole('navigation', { name: 'Principale' });
    expect((await within(nav).findByRole('link', { name: 'Dashboard' })).getAttribute('href')).toBe('/admin');
    expect(within(nav).getByRole('button', { name: /Gestione/ })).toBeTruthy();
    expect(within(nav).getByRole('button', { name: /Prenotazioni/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Esci subito' })).toBeTruthy();
  });

  it('draws the quick logout as an SVG icon, named for screen readers, with no font glyph', async () => {
    signIn('admin');
    renderHeader();
    const quickLogout = await screen.findByRole('button', { name: 'Esci subito' });
    const icon = quickLogout.querySelector('svg');
    expect(icon).not.toBeNull();
    expect(icon!.getAttribute('aria-hidden')).toBe('true');
    expect(icon!.querySelectorAll('path').length).toBeGreaterThan(0);
    expect(quickLogout.textContent).toBe('');
  });

  it('mirrors the same items in the mobile menu', async () => {
    signIn('admin');
    renderHeader();
    await userEvent.click(screen.getByRole('button', { name: 'Apri menu' }));
    const mobile = screen.getByRole('navigation', { name: 'Menu mobile' });
    await within(mobile).findByRole('link', { name: 'Coupon prenotazioni' });
    const links = hrefs(mobile);
    expect(links).toEqual(expect.arrayContaining(['/#pricing', '/admin', '/admin/coupons', '/admin/incassi', '/admin/coupon-prenotazioni', '/profilo', '/prenotazioni']));
    expect(mobile.textContent).toContain('Admin');
  });
});
