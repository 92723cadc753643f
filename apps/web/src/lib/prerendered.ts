// The home page's markup made at build time (vite-plugins/prerender-home.ts) carries a mark on the root: the
// address it was made for. Until the app takes over, the mark also keeps the sections under the first screen
// from being laid out before they near it (src/styles.css, docs/screens.md#home-page).

/**
 * Without JavaScript nothing takes the mark away: this part of the prerendered page's head (after its inline
 * styles, hence `!important` against the stylesheet loaded at the end of the body) lays every section out at once.
 */
export const SECTIONS_SHOWN_WITHOUT_SCRIPT = '<noscript><style>#root[data-prerendered] main>section,#root[data-prerendered] footer{content-visibility:visible!important}</style></noscript>';

/**
 * Whether `container` holds the prerendered markup of `pathname` (to hydrate, rather than render anew); either
 * way its mark goes, so every section is laid out from now on, as on any screen the app renders.
 */
export function takeOverPrerendered(container: HTMLElement, pathname: string): boolean {
  const prerendered = container.dataset.prerendered === pathname;
  delete container.dataset.prerendered;
  return prerendered;
}
