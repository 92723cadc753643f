/** The id of the home page's h1: the prerendered page's first paint waits for it (vite-plugins/prerender-home.ts). */
export const HERO_TITLE_ID = 'hero-title';
