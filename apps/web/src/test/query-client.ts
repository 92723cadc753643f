import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query';

/**
 * The app's query client, retrying what it retries without TanStack's back-off (1 s, then 2 s): a screen
 * whose load fails shows its message at once instead of after 3 s of the test polling the page for it.
 */
export function withoutRetryBackOff(client: QueryClient): QueryClient {
  client.setDefaultOptions({ ...client.getDefaultOptions(), queries: { ...client.getDefaultOptions().queries, retryDelay: 0 } });
  return client;
}

export const testQueryClient = () => withoutRetryBackOff(createQueryClient());
