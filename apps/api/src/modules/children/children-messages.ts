// What the children's routes answer, in the request's language.
import { defineMessages } from '@beach/contracts';

export const childrenApiMessages = defineMessages({
  notFound: /* i18n */ { id: 'api.children.not_found', message: 'Figlio non trovato.' },
  userNotFound: /* i18n */ { id: 'api.children.user_not_found', message: 'Utente non trovato.' },
  onWaitlist: /* i18n */ { id: 'api.children.on_waitlist', message: 'È in lista d’attesa per un corso: toglilo dalla lista prima di rimuoverlo.' },
  hasEnrolments: /* i18n */ {
    id: 'api.children.has_enrolments',
    message: 'Non puoi togliere un figlio che è stato iscritto a un corso: le iscrizioni e i pagamenti restano legati a lui.',
  },
  removed: /* i18n */ { id: 'api.children.removed', message: 'Figlio tolto dal tuo account.' },
});
