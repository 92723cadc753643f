// The contracts' consent kinds, in the page's language. The contracts keep their Italian (the API prints
// it); each kind gets its message with that Italian as its source (consent-labels.test.ts keeps the two equal).
import type { TConsentKind } from '@beach/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const CONSENT_NAMES: Record<TConsentKind, MessageDescriptor> = {
  privacy: msg`Informativa sulla privacy`,
  photos: msg`Foto e video`,
  newsletter: msg`Newsletter`,
  guardian: msg`Consenso del genitore o tutore`,
};
