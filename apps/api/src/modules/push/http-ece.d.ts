// The part of http_ece (no types of its own) the push tests use to decrypt what a push service receives.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  export function decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string | Buffer }): Buffer;
}
