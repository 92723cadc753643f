// A push service on the loopback for tests: a device's own keys (as a browser makes them), and an HTTP server
// that decrypts every message it receives with them (RFC 8291, aes128gcm) or answers a chosen status.
import { createECDH, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TPushPayload } from '@beach/contracts';
import { decrypt } from 'http_ece';

export interface LoopbackDevice {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** What the device received, decrypted, in order. */
  received: TPushPayload[];
  /** The status the push service answers for this device from now on (201 by default). */
  answer(status: number): void;
}

export async function startPushLoopback() {
  const devices = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer; received: TPushPayload[]; status: number }>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const device = devices.get(req.url ?? '');
      if (!device) return void res.writeHead(404).end();
      if (device.status < 300) {
        if (req.headers['content-encoding'] !== 'aes128gcm' || !String(req.headers.authorization).startsWith('vapid t=')) return void res.writeHead(400).end();
        const plain = decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth });
        device.received.push(JSON.parse(plain.toString('utf8')) as TPushPayload);
      }
      res.writeHead(device.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let count = 0;
  return {
    device(): LoopbackDevice {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${++count}`;
      const state = { ecdh, auth, received: [] as TPushPayload[], status: 201 };
      devices.set(path, state);
      return {
        subscription: { endpoint: `http://127.0.0.1:${port}${path}`, keys: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') } },
        received: state.received,
        answer: (status) => void (state.status = status),
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
