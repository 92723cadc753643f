// Privacy (GDPR, docs/domain.md#privacy): the member's own data as a JSON file, and the erasure they ask for.
import type { TErasureBody } from '@beach/contracts';
import { api } from '../../../lib/api-routes';
import { callApi, downloadFile } from '../../../lib/api-client';

export const downloadMyData = () => downloadFile(api.privacy.exportMyData, {}, `i-miei-dati-${new Date().toISOString().slice(0, 10)}.json`);

/** The server ends the session with the account; the caller clears what the browser stored. */
export const requestErasure = (body: TErasureBody) => callApi(api.privacy.requestErasure, { body });
