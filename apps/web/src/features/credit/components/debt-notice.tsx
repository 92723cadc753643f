// What a new booking or enrolment answers while the member owes the centre (`debt`, docs/domain.md#credit):
// said once on the screen that follows, with where to pay it: the credit section of the profile. Nothing when the answer says nothing is owed.
import type { TMoney } from '@beach/contracts';
import type { Locale } from '@beach/i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { paths } from '../../../config/paths';
import { formatMoney } from '../../../lib/format';
import { localizedTo } from '../../../lib/i18n';

export function DebtNotice({ debt }: { debt: TMoney | null | undefined }) {
  const { i18n, t } = useLingui();
  if (!debt) return null;
  const amount = formatMoney(debt);
  return (
    <Alert tone="warning" standing title={t`Devi ancora ${amount} al centro.`}>
      <Trans>
        Saldalo dal tuo <Link to={localizedTo(i18n.locale as Locale, paths.profileCredit)} className="font-semibold underline">profilo</Link> con la carta, o in segreteria.
      </Trans>
    </Alert>
  );
}
