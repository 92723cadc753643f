import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SECTIONS_SHOWN_WITHOUT_SCRIPT, takeOverPrerendered } from './prerendered';

/** The prerendered home page's frame: the hero, two sections under it, the footer. */
function prerenderedHome(path: string) {
  document.body.innerHTML = `<div id="root" data-prerendered="${path}"><header></header><main><section id="hero"></section><section id="welcome"></section><section id="pricing"></section></main><footer></footer></div>`;
  return document.getElementById('root')!;
}
/** The selector of styles.css's rule that lays out a section only as it nears the screen. */
function deferredSectionsSelector() {
  // The web app's tests run in apps/web.
  const rule = /([^{}]+)\{\s*content-visibility: auto;[^}]*\}/.exec(readFileSync('src/styles.css', 'utf8'));
  return rule![1]!.replace(/\/\*[\s\S]*?\*\//g, '').trim();
}
const ids = (selector: string) => [...document.querySelectorAll(selector)].map((element) => element.id || element.tagName.toLowerCase());

describe('the prerendered home page', () => {
  it('lays out the sections under the hero only as they near the screen, until the app takes over', () => {
    const root = prerenderedHome('/');
    expect(ids(deferredSectionsSelector())).toEqual(['welcome', 'pricing', 'footer']);
    expect(takeOverPrerendered(root, '/')).toBe(true);
    expect(ids(deferredSectionsSelector())).toEqual([]);
  });

  it('takes the mark away also when it renders the address anew', () => {
    const root = prerenderedHome('/');
    expect(takeOverPrerendered(root, '/de/')).toBe(false);
    expect(root.hasAttribute('data-prerendered')).toBe(false);
  });

  it('lays every section out at once without JavaScript', () => {
    prerenderedHome('/');
    const noscript = /^<noscript><style>([^{]+)\{content-visibility:visible!important\}<\/style><\/noscript>$/.exec(SECTIONS_SHOWN_WITHOUT_SCRIPT);
    expect(ids(noscript![1]!)).toEqual(expect.arrayContaining(ids(deferredSectionsSelector())));
  });
});
