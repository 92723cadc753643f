import { createServer, type AddressInfo, type Server } from 'node:net';

/**
 * A port that is free now, for a server in another process (PostgreSQL, a child API) that must be told
 * its port before it starts. Another process may take it before that server binds it.
 */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

/**
 * Binds a server of this process to a port the system gives it as it binds, and returns that port: no
 * gap in which another test file's server could take it (under load, one did, and a proxy sent logins
 * to the wrong API).
 */
export async function listenOnSystemPort(server: Server): Promise<number> {
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}
