import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../test/fixtures';
import { HeroSlideshow, SLIDES } from './hero-slideshow';
import { render } from '../../../test/test-support';

const renderHero = () => render(<MemoryRouter><HeroSlideshow /></MemoryRouter>);
const visibleSlide = () => screen.getAllByRole('group', { hidden: true }).findIndex((slide) => slide.getAttribute('aria-hidden') === 'false');

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('HeroSlideshow', () => {
  it('has three slides and advances every 5 seconds, wrapping from the last to the first', () => {
    renderHero();
    expect(SLIDES).toHaveLength(3);
    expect(visibleSlide()).toBe(0);
    act(() => vi.advanceTimersByTime(4999));
    expect(visibleSlide()).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(visibleSlide()).toBe(1);
    act(() => vi.advanceTimersByTime(5000));
    expect(visibleSlide()).toBe(2);
    act(() => vi.advanceTimersByTime(5000));
    expect(visibleSlide()).toBe(0);
  });

  it('goes back from the first slide to the last with the previous arrow, and forward with next', () => {
    renderHero();
    fireEvent.click(screen.getByRole('button', { name: 'Slide precedente' }));
    expect(visibleSlide()).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Slide successiva' }));
    expect(visibleSlide()).toBe(0);
  });

  it('jumps to a slide from its dot, which is marked current, and restarts the 5 second wait', () => {
    renderHero();
    act(() => vi.advanceTimersByTime(3000));
    fireEvent.click(screen.getByRole('button', { name: /Vai alla slide 3/ }));
    expect(visibleSlide()).toBe(2);
    expect(screen.getByRole('button', { name: /Vai alla slide 3/ }).getAttribute('aria-current')).toBe('true');
    act(() => vi.advanceTimersByTime(4000));
    expect(visibleSlide()).toBe(2);
    act(() => vi.advanceTimersByTime(1000));
    expect(visibleSlide()).toBe(0);
  });

  it('pauses while hovered and resumes afterwards', () => {
    renderHero();
    const carousel = screen.getByRole('region', { name: 'In evidenza' });
    fireEvent.mouseEnter(carousel);
    act(() => vi.advanceTimersByTime(15000));
    expect(visibleSlide()).toBe(0);
    fireEvent.mouseLeave(carousel);
    act(() => vi.advanceTimersByTime(5000));
    expect(visibleSlide()).toBe(1);
  });

  it('prerenders only the slide on show, its title the h1: the hidden ones are added in the browser', () => {
    const markup = renderToString(<I18nProvider i18n={i18n}><MemoryRouter><HeroSlideshow /></MemoryRouter></I18nProvider>);
    expect(markup.match(/aria-roledescription="slide"/g)).toHaveLength(1);
    expect(markup).toContain('<h1 id="hero-title"');
    renderHero();
    expect(screen.getAllByRole('group', { hidden: true })).toHaveLength(3);
  });

  it('invites visitors to register', () => {
    renderHero();
    expect(screen.getByRole('link', { name: 'Registrati Ora e Inizia a Giocare!' }).getAttribute('href')).toBe('/registrazione');
  });

  it('invites a logged-in user to book a court', () => {
    signIn('user');
    renderHero();
    expect(screen.getByRole('link', { name: 'Prenota il tuo Campo' }).getAttribute('href')).toBe('/prenotazioni');
  });
});
