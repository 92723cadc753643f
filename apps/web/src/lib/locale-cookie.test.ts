import { describe, expect, it } from 'vitest';
import { homeAddressChosen, localeCookie } from './locale-cookie';

describe('the language chosen, as the server reads it', () => {
  it('sends the home page to the German or English one chosen, with its query, and leaves any other visitor on it', () => {
    expect(homeAddressChosen('beach_locale=de', '')).toBe('/de/');
    expect(homeAddressChosen('session=1; beach_locale=en; theme=x', '?utm=mail')).toBe('/en/?utm=mail');
    expect(homeAddressChosen('beach_locale=it', '')).toBeNull();
    expect(homeAddressChosen('beach_locale=fr', '')).toBeNull();
    expect(homeAddressChosen('old_beach_locale=de', '')).toBeNull();
    expect(homeAddressChosen('beach_locale=deutsch', '')).toBeNull();
    expect(homeAddressChosen(undefined, '')).toBeNull();
  });

  it('keeps the choice for the whole site, for a year', () => {
    expect(localeCookie('de')).toBe('beach_locale=de; Path=/; Max-Age=31536000; SameSite=Lax');
  });
});
