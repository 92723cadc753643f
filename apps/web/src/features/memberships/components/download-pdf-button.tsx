import type { TMyMembership } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import Download from 'lucide-react/icons/download';
import { Button } from '../../../components/ui/button';
import { downloadMembershipPdf } from '../api/memberships';

/** "Scarica PDF" for an active or expired card, saved as tessera-{number}.pdf. */
export function DownloadPdfButton({ membership, size = 'md' }: { membership: TMyMembership; size?: 'sm' | 'md' }) {
  const { t } = useLingui();
  const number = membership.membership_number;
  const download = useMutation({ mutationFn: () => downloadMembershipPdf(membership) });
  return (
    <div className="space-y-1">
      <Button variant="secondary" size={size} onClick={() => download.mutate()} loading={download.isPending} loadingText={t`Download...`}>
        <Download aria-hidden="true" className="h-4 w-4" />
        <Trans>
          Scarica PDF<span className="sr-only"> della tessera {number}</span>
        </Trans>
      </Button>
      {download.isError && (
        <p role="alert" className="text-sm text-coral-600">
          <Trans>Si è verificato un errore nel download del PDF. Riprova più tardi.</Trans>
        </p>
      )}
    </div>
  );
}
