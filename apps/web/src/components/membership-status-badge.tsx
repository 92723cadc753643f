import { MEMBERSHIP_STATUS_LABELS, type TMembershipStatus } from '@beach/contracts';
import { Badge, type BadgeTone } from './ui/badge';

const TONES: Record<TMembershipStatus, BadgeTone> = { active: 'green', pending: 'yellow', expired: 'neutral' };

export function MembershipStatusBadge({ status }: { status: TMembershipStatus }) {
  return <Badge tone={TONES[status]}>{MEMBERSHIP_STATUS_LABELS[status]}</Badge>;
}
