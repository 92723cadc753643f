// The home page's description for search engines and shared links, in each language (the build writes it
// into each language's prerendered page: vite-plugins/prerender-home.ts). The Italian is index.html's own.
import { msg } from '@lingui/core/macro';

export const HOME_META = {
  description: msg`19 campi da beach volley, beach tennis e foot volley sulla spiaggia dell'Adriatico. Tessere, prenotazione dei campi online e partite serali con le luci.`,
  shareTitle: msg`Adriatica Beach Arena · Beach volley, beach tennis e foot volley`,
  shareDescription: msg`19 campi sulla spiaggia, tessere e prenotazioni online, partite serali con le luci.`,
};
