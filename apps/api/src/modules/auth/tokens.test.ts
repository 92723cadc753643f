// Access tokens verified once are remembered (tokens.ts): the expiry must still be checked on every use.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signAccessToken, verifyAccessToken } from './tokens.js';

const SECRET = 'segreto-di-prova-dei-token-di-accesso';

describe('access tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('refuses a token once it expires, though it was verified before, and still lets the refresh read it', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-07-15T10:00:00Z'));
    const { token, tokenId } = signAccessToken(SECRET, { userId: 7, sessionId: 'sessione' }, 60);
    const claims = { userId: 7, sessionId: 'sessione', tokenId };
    expect(verifyAccessToken(SECRET, token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-07-15T10:00:59Z'));
    expect(verifyAccessToken(SECRET, token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-07-15T10:01:00Z'));
    expect(verifyAccessToken(SECRET, token)).toBeNull();
    expect(verifyAccessToken(SECRET, token, { allowExpired: true })).toEqual(claims);
  });

  it('refuses a token verified under another secret', () => {
    const { token } = signAccessToken(SECRET, { userId: 7, sessionId: 'sessione' }, 60);
    expect(verifyAccessToken(SECRET, token)).not.toBeNull();
    expect(verifyAccessToken(`${SECRET}-altro`, token)).toBeNull();
  });
});
