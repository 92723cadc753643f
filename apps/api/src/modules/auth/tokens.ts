// Access tokens: JWTs signed with HS256 (pinned on both sides), carrying the user and the session.
// The session row is checked on every request, so logout and password resets end tokens at once.
import { randomBytes, randomUUID, createHash, createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';

const ALGORITHM = 'HS256';
const ISSUER = 'beach-arena-api';
const AUDIENCE = 'beach-arena-web';

/** A remember-me session lives 30 days; its access tokens are short and refreshed. */
export const REMEMBER_SESSION_MS = 30 * 24 * 60 * 60 * 1000;
export const REMEMBER_ACCESS_TOKEN_SECONDS = 15 * 60;
/** Without remember-me there is no refresh: the session and its one token last a working day. */
export const PLAIN_SESSION_MS = 12 * 60 * 60 * 1000;

export interface AccessTokenClaims {
  userId: number;
  sessionId: string;
  tokenId: string;
}

export function signAccessToken(secret: string, claims: Omit<AccessTokenClaims, 'tokenId'>, expiresInSeconds: number) {
  const tokenId = randomUUID();
  const token = jwt.sign({ sid: claims.sessionId }, keyOf(secret), {
    algorithm: ALGORITHM,
    expiresIn: expiresInSeconds,
    issuer: ISSUER,
    audience: AUDIENCE,
    subject: String(claims.userId),
    jwtid: tokenId,
  });
  return { token, tokenId };
}

// jsonwebtoken turns a string secret into a key on every call, first trying (and failing) to read it
// as a public key, which costs more than the HMAC itself: the key object is built once per secret.
// Per process on purpose: it is derived from the secret alone, the same in every API process.
const keys = new Map<string, KeyObject>();
function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = createSecretKey(Buffer.from(secret))));
  return key;
}

/**
 * Tokens whose signature, algorithm, issuer and audience were verified, with their claims and expiry (epoch
 * seconds), by secret: a member's token comes back on every request, and verifying it again cost as much as
 * the rest of the guard's own work. Only the expiry depends on the clock: it is checked on every use. Bounded.
 */
const verified = new Map<string, Map<string, { claims: AccessTokenClaims; expiresAt: number }>>();
const VERIFIED_KEPT = 10_000;

/** Claims of a valid token, or null. `allowExpired` serves the refresh of a remember-me session. */
export function verifyAccessToken(secret: string, token: string, { allowExpired = false } = {}): AccessTokenClaims | null {
  let known = verified.get(secret);
  if (!known) verified.set(secret, (known = new Map()));
  const seen = known.get(token);
  // As jsonwebtoken decides it: expired from the second of `exp` on.
  if (seen) return allowExpired || Math.floor(Date.now() / 1000) < seen.expiresAt ? seen.claims : null;
  try {
    const payload = jwt.verify(token, keyOf(secret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      ignoreExpiration: allowExpired,
    });
    if (typeof payload === 'string' || typeof payload.sid !== 'string' || !payload.jti || !payload.sub) return null;
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId)) return null;
    const claims = { userId, sessionId: payload.sid, tokenId: payload.jti };
    // Ours carry an expiry and no start (`nbf`): any other token is verified in full each time.
    if (typeof payload.exp === 'number' && payload.nbf === undefined) {
      if (known.size >= VERIFIED_KEPT) known.clear();
      known.set(token, { claims, expiresAt: payload.exp });
    }
    return claims;
  } catch {
    return null;
  }
}

/** Random secret for links sent by e-mail; only its hash is stored. */
export function newEmailToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1] ?? null;
}
