import type { Locale } from '@beach/i18n';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { useState, useSyncExternalStore, type ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { localizedTo } from '../../../lib/i18n';
import { useCurrentUser } from '../../../lib/session';
import { HERO_TITLE_ID } from '../hero-title';
import { BeachCentreArt, EveningArt, SportsArt } from './slide-art';
import { usePrefersReducedMotion, useSlideshow } from './use-slideshow';

interface Slide {
  /** The first slide's title is the centre's name, in every language. */
  title: MessageDescriptor | string;
  text: MessageDescriptor;
  Art: ComponentType;
}

export const SLIDES: Slide[] = [
  { title: 'Adriatica Beach Arena', text: msg`19 campi sulla sabbia, a due passi dal mare Adriatico.`, Art: BeachCentreArt },
  { title: msg`Beach volley, beach tennis e foot volley`, text: msg`Tre sport, un solo centro: vieni a giocare con i tuoi amici.`, Art: SportsArt },
  { title: msg`Si gioca anche di sera`, text: msg`Campi illuminati fino a mezzanotte per le partite sotto le stelle.`, Art: EveningArt },
];

const subscribeNever = () => () => {};

const titleOf = (i18n: I18n, slide: Slide) => (typeof slide.title === 'string' ? slide.title : i18n._(slide.title));

/** The call to action depends on whether someone is logged in; its address is in the page's language. */
export function heroCallToAction(i18n: I18n, loggedIn: boolean) {
  const locale = i18n.locale as Locale;
  return loggedIn
    ? { label: i18n._(msg`Prenota il tuo Campo`), to: localizedTo(locale, paths.bookings) }
    : { label: i18n._(msg`Registrati Ora e Inizia a Giocare!`), to: localizedTo(locale, paths.register) };
}

export function HeroSlideshow() {
  const { i18n, t } = useLingui();
  const user = useCurrentUser();
  const reducedMotion = usePrefersReducedMotion();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const { index, goTo, next, previous } = useSlideshow(SLIDES.length, { paused: hovered || focused || reducedMotion });
  const cta = heroCallToAction(i18n, Boolean(user));
  const count = SLIDES.length;
  // The prerendered page holds only the slide on show: the hidden ones (their art, their words) would be
  // parsed, styled and laid out before the first paint for nothing (docs/screens.md#home-page). The browser
  // adds them as it hydrates, long before the first move 5 s later.
  const inBrowser = useSyncExternalStore(subscribeNever, () => true, () => false);

  return (
    <section
      aria-roledescription={t`carosello`}
      aria-label={t`In evidenza`}
      className="relative h-[36rem] overflow-hidden bg-sea-900 text-white sm:h-[34rem]"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => !event.currentTarget.contains(event.relatedTarget) && setFocused(false)}
    >
      {SLIDES.map((slide, slideIndex) => {
        if (!inBrowser && slideIndex !== index) return null;
        const position = slideIndex + 1;
        return (
        <div
          key={slide.text.id}
          role="group"
          aria-roledescription={t`slide`}
          aria-label={t`${position} di ${count}`}
          aria-hidden={slideIndex !== index}
          className={`absolute inset-0 flex flex-col transition-opacity duration-700 motion-reduce:transition-none ${slideIndex === index ? 'opacity-100' : 'pointer-events-none opacity-0'}`}
        >
          {/* On a phone the picture sits whole above the words, which would cover its middle; wider screens set the words on it. */}
          <div className="relative aspect-[2/1] shrink-0 sm:absolute sm:inset-0 sm:aspect-auto">
            <slide.Art />
            <div className="absolute inset-0 hidden bg-gradient-to-t from-slate-950/70 via-slate-950/20 to-transparent sm:block" />
          </div>
          <div className="relative mx-auto flex w-full max-w-7xl flex-1 flex-col px-6 pt-5 sm:justify-end sm:px-10 sm:pb-24">
            {slideIndex === 0 ? <h1 id={HERO_TITLE_ID} className="text-3xl font-extrabold drop-shadow sm:text-5xl">{titleOf(i18n, slide)}</h1> : <p className="text-3xl font-extrabold drop-shadow sm:text-5xl">{titleOf(i18n, slide)}</p>}
            <p className="mt-3 max-w-2xl text-lg drop-shadow sm:text-xl">{i18n._(slide.text)}</p>
          </div>
        </div>
        );
      })}
      <div className="absolute inset-x-0 bottom-0 z-10">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-6 pb-6 sm:px-10">
          <Link to={cta.to} className="rounded-full bg-amber-400 px-6 py-3 font-bold text-slate-900 shadow-lg hover:bg-amber-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white">
            {cta.label}
          </Link>
          <div className="flex items-center gap-2">
            <button type="button" onClick={previous} aria-label={t`Slide precedente`} className="flex h-10 w-10 items-center justify-center rounded-full bg-white/20 hover:bg-white/40 focus-visible:outline-2 focus-visible:outline-white">
              <ChevronLeft className="h-6 w-6" />
            </button>
            {SLIDES.map((slide, dotIndex) => {
              const position = dotIndex + 1;
              const title = titleOf(i18n, slide);
              return (
              <button key={slide.text.id} type="button" onClick={() => goTo(dotIndex)} aria-label={t`Vai alla slide ${position}: ${title}`} aria-current={dotIndex === index} className={`h-3 w-3 rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white ${dotIndex === index ? 'bg-white' : 'bg-white/40 hover:bg-white/70'}`} />
              );
            })}
            <button type="button" onClick={next} aria-label={t`Slide successiva`} className="flex h-10 w-10 items-center justify-center rounded-full bg-white/20 hover:bg-white/40 focus-visible:outline-2 focus-visible:outline-white">
              <ChevronRight className="h-6 w-6" />
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}
