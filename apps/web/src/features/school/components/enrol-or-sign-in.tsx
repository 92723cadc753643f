// The enrol part of a course's or a camp week's dialog: for a member, the enrol form and, when full, the
// waiting list; for a visitor, the way to sign in first.
import type { Locale } from '@beach/i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { localizedTo } from '../../../lib/i18n';
import { useCurrentUser } from '../../../lib/session';
import { JoinWaitlist } from '../../school-waitlist';

export function EnrolOrSignIn({ courseId, full, children }: { courseId: number; full: boolean; children: ReactNode }) {
  const { i18n } = useLingui();
  if (!useCurrentUser()) {
    return (
      <Link to={localizedTo(i18n.locale as Locale, paths.login)} className={buttonClasses('primary')}>
        <Trans>Accedi per iscriverti</Trans>
      </Link>
    );
  }
  return (
    <>
      {children}
      {full && <JoinWaitlist courseId={courseId} />}
    </>
  );
}
