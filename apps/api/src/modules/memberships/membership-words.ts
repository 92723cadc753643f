// The names of a card in each language, for what the member reads (e-mails, the PDF card): the Italian as
// MEMBERSHIP_TYPE_LABELS and cardLabel write it; the back-office keeps those.
import { defineMessages, type TMembershipType } from '@beach/contracts';

/** The type inside a sentence ("la tua tessera stagionale"): lower case in Italian. */
export const TYPE_IN_SENTENCE = defineMessages({
  seasonal: /* i18n */ { id: 'api.memberships.type_seasonal', message: 'stagionale' },
  under_23: /* i18n */ { id: 'api.memberships.type_under_23', message: 'under 23' },
  under_18: /* i18n */ { id: 'api.memberships.type_under_18', message: 'under 18' },
  monthly: /* i18n */ { id: 'api.memberships.type_monthly', message: 'mensile' },
  weekly: /* i18n */ { id: 'api.memberships.type_weekly', message: 'settimanale' },
  daily: /* i18n */ { id: 'api.memberships.type_daily', message: 'giornaliera' },
} satisfies Record<TMembershipType, unknown>);

/** The card's name, as its PDF heads it (cardLabel, BVU_CARD_LABEL). */
export const CARD_NAME = defineMessages({
  seasonal: /* i18n */ { id: 'api.memberships.card_seasonal', message: 'Tessera stagionale' },
  under_23: /* i18n */ { id: 'api.memberships.card_under_23', message: 'Tessera under 23' },
  under_18: /* i18n */ { id: 'api.memberships.card_under_18', message: 'Tessera under 18' },
  monthly: /* i18n */ { id: 'api.memberships.card_monthly', message: 'Tessera mensile' },
  weekly: /* i18n */ { id: 'api.memberships.card_weekly', message: 'Tessera settimanale' },
  daily: /* i18n */ { id: 'api.memberships.card_daily', message: 'Tessera giornaliera' },
  bvu: /* i18n */ { id: 'api.memberships.card_bvu', message: 'Tessera stagionale corso BVU' },
} satisfies Record<TMembershipType | 'bvu', unknown>);
