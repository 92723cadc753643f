import type { TCertificateState } from '@beach/contracts';
import { useLingui } from '@lingui/react';
import { Badge, type BadgeTone } from '../ui/badge';
import { CERTIFICATE_STATE_NAMES } from './certificate-labels';

const TONE: Record<TCertificateState, BadgeTone> = { missing: 'red', to_verify: 'yellow', valid: 'green', expiring: 'yellow', expired: 'red' };

export function CertificateStateBadge({ state }: { state: TCertificateState }) {
  const { i18n } = useLingui();
  return <Badge tone={TONE[state]}>{i18n._(CERTIFICATE_STATE_NAMES[state])}</Badge>;
}
