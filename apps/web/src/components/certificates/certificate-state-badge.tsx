import { CERTIFICATE_STATE_LABELS, type TCertificateState } from '@beach/contracts';
import { Badge, type BadgeTone } from '../ui/badge';

const TONE: Record<TCertificateState, BadgeTone> = { missing: 'red', to_verify: 'yellow', valid: 'green', expiring: 'yellow', expired: 'red' };

export function CertificateStateBadge({ state }: { state: TCertificateState }) {
  return <Badge tone={TONE[state]}>{CERTIFICATE_STATE_LABELS[state]}</Badge>;
}
