import type { TMembershipStatus } from '@beach/contracts';
import { useLingui } from '@lingui/react/macro';
import { MEMBERSHIP_STATUS_LABELS } from '../lib/display-labels';
import { Badge, type BadgeTone } from './ui/badge';

const TONES: Record<TMembershipStatus, BadgeTone> = { active: 'green', pending: 'yellow', expired: 'neutral' };

export function MembershipStatusBadge({ status }: { status: TMembershipStatus }) {
  const { i18n } = useLingui();
  return <Badge tone={TONES[status]}>{i18n._(MEMBERSHIP_STATUS_LABELS[status])}</Badge>;
}
