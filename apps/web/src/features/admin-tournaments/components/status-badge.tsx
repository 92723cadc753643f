import type { TTournamentSummary } from '@beach/contracts';
import { Badge } from '../../../components/ui/badge';
import { STATUS_BADGES } from '../labels';

export function StatusBadge({ status }: { status: TTournamentSummary['status'] }) {
  const { label, tone } = STATUS_BADGES[status];
  return <Badge tone={tone}>{label}</Badge>;
}
