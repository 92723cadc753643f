import { LOCALES } from '@beach/i18n';
import { romeToday } from './age.js';
import { guardianCheck, guardianCheckWhen, registrationConsentFields } from './consents.js';
import { defineRoute, zTextRowId } from './http.js';
import { italianTexts } from './italian.js';
import { defineMessages, validationMessages } from './messages.js';
import * as z from './zod-i18n.js';

/** What the sign-in, registration and profile forms and answers say. */
export const authMessages = defineMessages({
  phone: /* i18n */ { id: 'auth.phone', message: 'Inserisci un numero di telefono valido.' },
  birthDate: /* i18n */ { id: 'auth.birth_date', message: 'Inserisci una data di nascita valida.' },
  birthDateFuture: /* i18n */ { id: 'auth.birth_date_future', message: 'La data di nascita non può essere nel futuro.' },
  passwordTooShort: /* i18n */ { id: 'auth.password_too_short', message: 'La password deve contenere almeno 8 caratteri.' },
  passwordTooLong: /* i18n */ { id: 'auth.password_too_long', message: 'La password può contenere al massimo 72 caratteri.' },
  passwordLetter: /* i18n */ { id: 'auth.password_letter', message: 'La password deve contenere almeno una lettera.' },
  passwordDigit: /* i18n */ { id: 'auth.password_digit', message: 'La password deve contenere almeno un numero.' },
  passwordsDiffer: /* i18n */ { id: 'auth.passwords_differ', message: 'Le password non coincidono.' },
  privacyConsent: /* i18n */ { id: 'auth.privacy_consent', message: 'Devi accettare l’informativa sulla privacy.' },
  redirect: /* i18n */ { id: 'auth.redirect', message: 'Indirizzo di ritorno non valido.' },
  locale: /* i18n */ { id: 'auth.locale', message: 'Lingua non valida: it, de o en.' },
  invalidCredentials: /* i18n */ { id: 'auth.invalid_credentials', message: 'Credenziali non valide. Controlla e-mail e password.' },
  accountDisabled: /* i18n */ {
    id: 'auth.account_disabled',
    message: 'Il tuo account è stato disattivato. Per informazioni rivolgiti alla segreteria del centro.',
  },
  emailNotVerified: /* i18n */ {
    id: 'auth.email_not_verified',
    message: 'Devi confermare il tuo indirizzo e-mail prima di accedere. Controlla la posta o richiedi un nuovo link.',
  },
  emailTaken: /* i18n */ { id: 'auth.email_taken', message: 'Esiste già un account con questo indirizzo e-mail.' },
  registered: /* i18n */ { id: 'auth.registered', message: 'Registrazione completata! Ti abbiamo inviato un’e-mail per confermare il tuo indirizzo.' },
  verificationSent: /* i18n */ {
    id: 'auth.verification_sent',
    message: 'Se l’indirizzo è registrato e non ancora confermato, riceverai a breve un nuovo link di conferma.',
  },
  emailVerified: /* i18n */ { id: 'auth.email_verified', message: 'Indirizzo e-mail confermato. Ora puoi accedere.' },
  verificationInvalid: /* i18n */ { id: 'auth.verification_invalid', message: 'Il link di conferma non è valido o è scaduto.' },
  resetSent: /* i18n */ {
    id: 'auth.reset_sent',
    message: 'Se l’indirizzo è registrato, riceverai a breve un’e-mail con il link per reimpostare la password.',
  },
  resetInvalid: /* i18n */ { id: 'auth.reset_invalid', message: 'Il link per reimpostare la password non è valido o è scaduto. Richiedine uno nuovo.' },
  passwordReset: /* i18n */ { id: 'auth.password_reset', message: 'Password aggiornata. Ora puoi accedere con la nuova password.' },
  passwordChanged: /* i18n */ { id: 'auth.password_changed', message: 'Password aggiornata.' },
  wrongCurrentPassword: /* i18n */ { id: 'auth.wrong_current_password', message: 'La password attuale non è corretta.' },
  loggedOut: /* i18n */ { id: 'auth.logged_out', message: 'Logout effettuato.' },
  sessionExpired: /* i18n */ { id: 'auth.session_expired', message: 'Sessione scaduta. Verrai reindirizzato alla pagina di login.' },
});

export const ROLES = ['user', 'coach', 'staff', 'admin'] as const;
export const ZRole = z.enum(ROLES);
export type TRole = z.infer<typeof ZRole>;

export const ROLE_DISPLAY_NAMES: Record<TRole, string> = { user: 'Utente', coach: 'Allenatore', staff: 'Staff', admin: 'Admin' };

export const ZPermissions = z.object({
  can_view_admin: z.boolean(),
  can_view_transactions: z.boolean(),
  can_modify_users: z.boolean(),
  can_view_bookings: z.boolean(),
});
export type TPermissions = z.infer<typeof ZPermissions>;

/**
 * Permissions follow from the role alone (docs/domain.md#roles): staff run the desk (back-office
 * and bookings, read-only memberships); money and user roles are for admins.
 */
export function permissionsForRole(role: TRole): TPermissions {
  return {
    // A coach is no staff: the back-office stays closed to them (they have their own sessions' pages).
    can_view_admin: role === 'staff' || role === 'admin',
    can_view_bookings: role === 'staff' || role === 'admin',
    can_view_transactions: role === 'admin',
    can_modify_users: role === 'admin',
  };
}

/**
 * A calendar date as YYYY-MM-DD, a real day of a four-digit year: the one date of every request. A text that
 * is none stops the parse there (`abort`), so no check across fields ever reads it as a date.
 */
export const ZIsoDate = z.iso.date({ ...z.because(validationMessages.date), abort: true });

/** Who a person is, as every view of a user shows it (session, back-office list, member search). */
export const personFields = {
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  birth_date: ZIsoDate.nullable(),
};
/** A person with their role, as the session and the users back-office show it. */
export const roledPersonFields = { ...personFields, role: ZRole, role_display_name: z.string() };

/** The languages a member reads the site, the API's answers and the e-mails in. */
export const ZLocale = z.enum(LOCALES, z.because(authMessages.locale));
export type TLocale = z.infer<typeof ZLocale>;

export const ZUser = z.object({
  ...roledPersonFields,
  is_admin: z.boolean(),
  permissions: ZPermissions,
  // Always sent; optional because a session the web stored before languages came has none.
  locale: ZLocale.optional(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZPersonName = z.string().trim().min(1).max(100);
export const ZEmail = z.string().trim().toLowerCase().pipe(z.email().max(255));
export const ZPhone = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 .-]{5,18}[0-9]$/, z.because(authMessages.phone));
/** A day from 1900 to today: a future one is said so, once, on the date itself. */
export const ZBirthDate = ZIsoDate.refine((value) => value <= romeToday(), { ...z.because(authMessages.birthDateFuture), abort: true }).refine(
  (value) => value >= '1900-01-01',
  z.because(authMessages.birthDate),
);
export const ZPassword = z
  .string()
  .min(8, z.because(authMessages.passwordTooShort))
  .max(72, z.because(authMessages.passwordTooLong))
  .regex(/[A-Za-z]/, z.because(authMessages.passwordLetter))
  .regex(/[0-9]/, z.because(authMessages.passwordDigit));

const withConfirmation = <T extends { password: string; password_confirmation: string }>(value: T) => value.password === value.password_confirmation;
/**
 * The confirmation is compared whenever one was typed, even when another field failed (a short
 * password, a missing name): every wrong field is reported at once, not one per attempt.
 */
const confirmationCheck = {
  ...z.because(authMessages.passwordsDiffer),
  path: ['password_confirmation'],
  when: ({ value }: z.core.ParsePayload) => {
    const typed = value as { password?: unknown; password_confirmation?: unknown };
    return typeof typed.password === 'string' && typeof typed.password_confirmation === 'string' && typed.password_confirmation !== '';
  },
};

export const ZRegisterBody = z
  .object({
    first_name: ZPersonName,
    last_name: ZPersonName,
    email: ZEmail,
    phone: ZPhone,
    birth_date: ZBirthDate,
    password: ZPassword,
    password_confirmation: z.string().min(1),
    privacy_consent: z.literal(true, z.because(authMessages.privacyConsent)),
    ...registrationConsentFields,
    /** A page of this app to reach after confirming the address (an invitation's share). */
    redirect: z.string().max(300).regex(/^\/(?!\/)\S*$/, z.because(authMessages.redirect)).optional(),
  })
  .refine(withConfirmation, confirmationCheck)
  .superRefine(guardianCheck, guardianCheckWhen);
export type TRegisterBody = z.input<typeof ZRegisterBody>;

export const ZLoginBody = z.object({
  email: ZEmail,
  password: z.string().min(1).max(200),
  remember: z.boolean().default(false),
});
export type TLoginBody = z.input<typeof ZLoginBody>;

export const ZSession = z.object({ access_token: z.string(), remember_me: z.boolean(), user: ZUser });
export type TSession = z.infer<typeof ZSession>;

export const ZMessage = z.object({ message: z.string() });

export const ZEmailBody = z.object({ email: ZEmail });

export const ZResetPasswordBody = z
  .object({ token: z.string().min(1).max(200), password: ZPassword, password_confirmation: z.string().min(1) })
  .refine(withConfirmation, confirmationCheck);
export type TResetPasswordBody = z.input<typeof ZResetPasswordBody>;

export const ZChangePasswordBody = z
  .object({ current_password: z.string().min(1), password: ZPassword, password_confirmation: z.string().min(1) })
  .refine(withConfirmation, confirmationCheck);
export type TChangePasswordBody = z.input<typeof ZChangePasswordBody>;

export const ZUpdateProfileBody = z.object({
  first_name: ZPersonName,
  last_name: ZPersonName,
  phone: ZPhone.nullable(),
  birth_date: ZBirthDate.nullable(),
  /** The member's language (e-mails, the API's answers); unchanged when not sent. */
  locale: ZLocale.optional(),
});
export type TUpdateProfileBody = z.input<typeof ZUpdateProfileBody>;

export const ZVerifyEmailBody = z.object({ id: zTextRowId(), token: z.string().min(1).max(200) });

/** The Italian of each, for the web's Italian-only screens and the tests. */
export const AUTH_MESSAGES = italianTexts(authMessages);

export const authRoutes = {
  register: defineRoute({
    method: 'post', path: '/api/auth/register', tag: 'auth', access: 'public', successStatus: 201,
    summary: 'Registrazione di un nuovo utente (invia l’e-mail di conferma)',
    body: ZRegisterBody, response: z.object({ message: z.string(), user: ZUser }),
  }),
  login: defineRoute({
    method: 'post', path: '/api/auth/login', tag: 'auth', access: 'public',
    summary: 'Accesso con e-mail e password; remember abilita il rinnovo per 30 giorni',
    body: ZLoginBody, response: ZSession,
  }),
  refresh: defineRoute({
    method: 'post', path: '/api/auth/refresh', tag: 'auth', access: 'public',
    summary: 'Rinnovo del token di una sessione "ricordami" (Authorization: Bearer con l’ultimo token, anche scaduto)',
    response: ZSession.omit({ remember_me: true }),
  }),
  logout: defineRoute({
    method: 'post', path: '/api/auth/logout', tag: 'auth', access: 'user',
    summary: 'Chiude la sessione: il token smette subito di funzionare', response: ZMessage,
  }),
  profile: defineRoute({
    method: 'get', path: '/api/auth/user-profile', tag: 'auth', access: 'user',
    summary: 'Il profilo dell’utente collegato', response: ZUser,
  }),
  updateProfile: defineRoute({
    method: 'put', path: '/api/auth/user-profile', tag: 'auth', access: 'user',
    summary: 'Modifica dei propri dati', body: ZUpdateProfileBody, response: ZUser,
  }),
  changePassword: defineRoute({
    method: 'put', path: '/api/auth/password', tag: 'auth', access: 'user',
    summary: 'Cambio password (chiude le altre sessioni)', body: ZChangePasswordBody, response: ZMessage,
  }),
  verifyEmail: defineRoute({
    method: 'post', path: '/api/auth/verify-email', tag: 'auth', access: 'public',
    summary: 'Conferma dell’indirizzo e-mail dal link ricevuto', body: ZVerifyEmailBody, response: ZMessage,
  }),
  resendVerification: defineRoute({
    method: 'post', path: '/api/auth/resend-verification', tag: 'auth', access: 'public',
    summary: 'Nuovo link di conferma (stessa risposta che l’indirizzo esista o no)', body: ZEmailBody, response: ZMessage,
  }),
  forgotPassword: defineRoute({
    method: 'post', path: '/api/auth/forgot-password', tag: 'auth', access: 'public',
    summary: 'Link per reimpostare la password (stessa risposta che l’indirizzo esista o no)', body: ZEmailBody, response: ZMessage,
  }),
  resetPassword: defineRoute({
    method: 'post', path: '/api/auth/reset-password', tag: 'auth', access: 'public',
    summary: 'Nuova password dal link ricevuto (chiude tutte le sessioni)', body: ZResetPasswordBody, response: ZMessage,
  }),
};
