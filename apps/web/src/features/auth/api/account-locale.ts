// The language a signed-in member picks with the header's switcher is theirs beyond this browser: kept on
// the account too (users.locale), which the API answers and writes the member's e-mails in.
import type { Locale } from '@beach/i18n';
import { session } from '../../../lib/session';
import { updateProfile } from './auth';

/** Stores `locale` on the signed-in member's account; nothing when signed out or already theirs. */
export async function saveAccountLocale(locale: Locale): Promise<void> {
  const user = session.get()?.user;
  if (!user || user.locale === locale) return;
  // The profile update takes the whole profile: the member's own, as the session has it.
  await updateProfile({ first_name: user.first_name, last_name: user.last_name, phone: user.phone, birth_date: user.birth_date, locale });
}
