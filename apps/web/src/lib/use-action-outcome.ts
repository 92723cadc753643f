import { useState } from 'react';
import { ApiError } from './api-transport';

export interface ActionOutcome {
  tone: 'success' | 'error';
  text: string;
}

/**
 * What a member's action answered, shown in place: the server's message (its success, or the error it
 * gave), or `fallback` when the server could not be reached. `notice` is shown first (e.g. the answer of
 * the step before). `run` clears it, runs the action and shows its message, if it returns one.
 */
export function useActionOutcome(notice: string | undefined, fallback: string) {
  const [outcome, setOutcome] = useState<ActionOutcome | null>(notice ? { tone: 'success', text: notice } : null);
  const run = async (action: () => Promise<string | undefined>) => {
    setOutcome(null);
    try {
      const message = await action();
      if (message) setOutcome({ tone: 'success', text: message });
    } catch (failure) {
      setOutcome({ tone: 'error', text: failure instanceof ApiError ? failure.message : fallback });
    }
  };
  return { outcome, run };
}
