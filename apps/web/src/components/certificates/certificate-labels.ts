// The contracts' certificate kinds and states, in the page's language. The contracts keep their Italian
// (the API and the back-office print it); each code gets its message with that Italian as its source
// (certificate-labels.test.ts keeps the two equal).
import type { TCertificateKind, TCertificateState } from '@beach/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const CERTIFICATE_KIND_NAMES: Record<TCertificateKind, MessageDescriptor> = { non_agonistico: msg`Non agonistico`, agonistico: msg`Agonistico` };

export const CERTIFICATE_STATE_NAMES: Record<TCertificateState, MessageDescriptor> = {
  missing: msg`Mancante`,
  to_verify: msg`Da verificare`,
  valid: msg`Valido`,
  expiring: msg`In scadenza`,
  expired: msg`Scaduto`,
};
