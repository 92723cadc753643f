// The stored session (docs/screens.md#session-in-the-browser): token, user and remember-me flag in local
// storage, observable by React through useSession().
import type { TUser } from '@beach/contracts';
import { useSyncExternalStore } from 'react';

const KEYS = { token: 'auth_token', user: 'user', remember: 'remember_me' } as const;
/** What this device keeps for the signed-in member only (the card shown offline): it leaves with the session. */
export const MEMBER_DEVICE_KEYS = { offlineCards: 'offline_cards' } as const;

export interface StoredSession {
  token: string;
  user: TUser;
  remember: boolean;
}

/** The storage entries of a session, as `session.save` writes them (the browser tests sign in with them). */
export function sessionEntries(next: StoredSession): { name: string; value: string }[] {
  return [
    { name: KEYS.token, value: next.token },
    { name: KEYS.user, value: JSON.stringify(next.user) },
    { name: KEYS.remember, value: String(next.remember) },
  ];
}

const listeners = new Set<() => void>();
let cached: StoredSession | null | undefined;

function read(): StoredSession | null {
  const token = localStorage.getItem(KEYS.token);
  const user = localStorage.getItem(KEYS.user);
  if (!token || !user) return null;
  try {
    return { token, user: JSON.parse(user) as TUser, remember: localStorage.getItem(KEYS.remember) === 'true' };
  } catch {
    return null;
  }
}

function changed() {
  cached = undefined;
  listeners.forEach((listener) => listener());
}

export const session = {
  get(): StoredSession | null {
    if (cached === undefined) cached = read();
    return cached;
  },
  /** Read afresh from storage: another tab may have just changed it. */
  reload(): StoredSession | null {
    cached = read();
    return cached;
  },
  save(next: StoredSession) {
    sessionEntries(next).forEach(({ name, value }) => localStorage.setItem(name, value));
    changed();
  },
  update(partial: Partial<StoredSession>) {
    const current = session.get();
    if (current) session.save({ ...current, ...partial });
  },
  /** Logout, an expired session, a refused token: nothing of the member stays on the device. */
  clear() {
    [...Object.values(KEYS), ...Object.values(MEMBER_DEVICE_KEYS)].forEach((key) => localStorage.removeItem(key));
    changed();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// Another tab logging in or out changes this one too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || (Object.values(KEYS) as string[]).includes(event.key)) changed();
  });
}

export function useSession(): StoredSession | null {
  return useSyncExternalStore(session.subscribe, session.get, () => null);
}

export const useCurrentUser = () => useSession()?.user ?? null;

export const isStaffOrAdmin = (user: TUser | null) => Boolean(user && (user.is_admin || user.role === 'staff'));
