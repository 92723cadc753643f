// Arranging a browser test through the API as a demo user (password Demo2026!), where the screen is not
// what the test checks: signs in, calls, and fails loudly on any answer that is not 2xx.
import type { Stack } from './stack.js';

/** `callAs(email, method, path, body?)` against the stack the test file started. */
export function apiCaller(ctx: { stack: Stack }) {
  return async function callAs<T = Record<string, unknown>>(email: string, method: string, path: string, body?: unknown): Promise<T> {
    const { webUrl } = ctx.stack;
    const login = await fetch(`${webUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'Demo2026!' }) });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const response = await fetch(`${webUrl}${path}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<T>;
  };
}
