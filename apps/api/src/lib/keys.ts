// Keys derived from the server's secret, one per purpose (HKDF-SHA256): a value signed for one purpose
// (an unsubscribe link) is worth nothing for another (a sign-in token), and knowing one key tells nothing
// of the secret or of the other keys.
import { hkdfSync } from 'node:crypto';

export type KeyPurpose = 'newsletter-unsubscribe';

export const purposeKey = (secret: string, purpose: KeyPurpose): Buffer => Buffer.from(hkdfSync('sha256', secret, 'beach-arena', purpose, 32));
