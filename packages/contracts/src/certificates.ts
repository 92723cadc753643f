// Medical certificates (certificato medico sportivo): what each member presented, its state on a
// day, the member's upload and the desk's record and verification, the back-office list and the
// setting that blocks online booking without a valid certificate.
import { romeToday } from './age.js';
import { ZIsoDate } from './auth.js';
import { defineRoute, ZIdParams } from './http.js';
import { italian, italianTexts } from './italian.js';
import { defineMessages, validationMessages } from './messages.js';
import { pagedListOf, pageQuery } from './paging.js';
import * as z from './zod-i18n.js';

export const certificateMessages = defineMessages({
  pickKind: /* i18n */ { id: 'certificates.pick_kind', message: 'Scegli il tipo di certificato.' },
  tooLarge: /* i18n */ { id: 'certificates.too_large', message: 'Il file è troppo grande: al massimo 5 MB.' },
  badType: /* i18n */ { id: 'certificates.bad_type', message: 'Il file deve essere un PDF, un JPEG o un PNG.' },
  fileMissing: /* i18n */ { id: 'certificates.file_missing', message: 'Allega la scansione o la foto del certificato.' },
  uploaded: /* i18n */ { id: 'certificates.uploaded', message: 'Certificato caricato: la segreteria lo verificherà a breve.' },
  recorded: /* i18n */ { id: 'certificates.recorded', message: 'Certificato registrato.' },
  verified: /* i18n */ { id: 'certificates.verified', message: 'Certificato verificato.' },
  alreadyVerified: /* i18n */ { id: 'certificates.already_verified', message: 'Questo certificato è già stato verificato.' },
  rejected: /* i18n */ { id: 'certificates.rejected', message: 'Certificato rifiutato: il socio riceve il motivo per e-mail.' },
  notRejectable: /* i18n */ {
    id: 'certificates.not_rejectable',
    message: 'Si può rifiutare solo un certificato caricato dal socio e non ancora verificato né rifiutato.',
  },
  rejectionReason: /* i18n */ { id: 'certificates.rejection_reason', message: 'Scrivi il motivo del rifiuto (almeno 5 caratteri): lo riceverà il socio.' },
  notFound: /* i18n */ { id: 'certificates.not_found', message: 'Certificato non trovato.' },
  noFile: /* i18n */ { id: 'certificates.no_file', message: 'Questo certificato non ha un file allegato.' },
  issuedBy: /* i18n */ { id: 'certificates.issued_by', message: 'Indica il medico o il centro che l’ha rilasciato.' },
  expiryBeforeIssue: /* i18n */ { id: 'certificates.expiry_before_issue', message: 'La scadenza non può precedere la data di rilascio.' },
  issuedInFuture: /* i18n */ { id: 'certificates.issued_in_future', message: 'La data di rilascio non può essere nel futuro.' },
  alreadyExpired: /* i18n */ { id: 'certificates.already_expired', message: 'Questo certificato è già scaduto: serve un certificato ancora valido.' },
  /** At the desk (card verification, check-in) while the setting asks for a valid certificate: `state` is the state's label, in lower case. */
  deskWarning: /* i18n */ { id: 'certificates.desk_warning', message: 'Certificato medico {state}: non può giocare finché non ne presenta uno valido.' },
  /** Online booking refused while the setting asks for a valid certificate: `day` is the day of the game. */
  bookingRefused: /* i18n */ {
    id: 'certificates.booking_refused',
    message:
      'Per prenotare serve un certificato medico valido il giorno della partita ({day}). Caricalo da "Tesseramento" o portalo in segreteria: quando sarà verificato potrai prenotare.',
  },
  /** A child's enrolment refused while the setting asks for a valid certificate: `name` the child's first name, `day` the first session's. */
  childEnrolmentRefused: /* i18n */ {
    id: 'certificates.child_enrolment_refused',
    message: 'Per iscrivere {name} serve un certificato medico valido il {day}: caricalo dal profilo.',
  },
  childNotFound: /* i18n */ { id: 'certificates.child_not_found', message: 'Figlio non trovato.' },
});

export const CERTIFICATE_KINDS = ['non_agonistico', 'agonistico'] as const;
export const ZCertificateKind = z.enum(CERTIFICATE_KINDS, z.because(certificateMessages.pickKind));
export type TCertificateKind = z.infer<typeof ZCertificateKind>;
export const CERTIFICATE_KIND_LABELS: Record<TCertificateKind, string> = { non_agonistico: 'Non agonistico', agonistico: 'Agonistico' };

/**
 * missing: none on file; to_verify: uploaded by the member, not yet checked by staff (and no checked one
 * covers the day); valid; expiring: valid but ending within CERTIFICATE_EXPIRING_DAYS; expired.
 */
export const CERTIFICATE_STATES = ['missing', 'to_verify', 'valid', 'expiring', 'expired'] as const;
export type TCertificateState = (typeof CERTIFICATE_STATES)[number];
export const CERTIFICATE_STATE_LABELS: Record<TCertificateState, string> = {
  missing: 'Mancante',
  to_verify: 'Da verificare',
  valid: 'Valido',
  expiring: 'In scadenza',
  expired: 'Scaduto',
};
/** A valid certificate ending within this many days is "in scadenza". */
export const CERTIFICATE_EXPIRING_DAYS = 30;
/** Largest scanned file accepted. */
export const CERTIFICATE_MAX_BYTES = 5 * 1024 * 1024;
/** File types accepted, as read from the file's content. */
export const CERTIFICATE_FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type TCertificateFileType = (typeof CERTIFICATE_FILE_TYPES)[number];
/** The extension a downloaded file gets. */
export const CERTIFICATE_FILE_EXTENSIONS: Record<TCertificateFileType, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };

/** The Italian of each, for the web's Italian-only screens and the tests. */
export const CERTIFICATE_MESSAGES = {
  ...italianTexts(certificateMessages),
  deskWarning: (state: string) => italian(certificateMessages.deskWarning, { state: state.toLowerCase() }),
  bookingRefused: (day: string) => italian(certificateMessages.bookingRefused, { day }),
  childEnrolmentRefused: (name: string, day: string) => italian(certificateMessages.childEnrolmentRefused, { name, day }),
};

export const ZCertificate = z.object({
  id: z.number().int(),
  /** One of the member's children's (docs/school.md#families); null for the member's own. */
  child_id: z.number().int().nullable(),
  kind: ZCertificateKind,
  issued_by: z.string(),
  issue_date: ZIsoDate,
  expiry_date: ZIsoDate,
  has_file: z.boolean(),
  /** The scanned file's type as read from its content, when there is one. */
  file_type: z.enum(CERTIFICATE_FILE_TYPES).nullable(),
  verified_at: z.iso.datetime().nullable(),
  /** Rejected by staff (it counts for nothing), with the reason the member was e-mailed. */
  rejected_at: z.iso.datetime().nullable(),
  rejection_reason: z.string().nullable(),
  created_at: z.iso.datetime(),
});
export type TCertificate = z.infer<typeof ZCertificate>;

export const ZCertificateRejectBody = z.object({
  reason: z
    .string(z.because(certificateMessages.rejectionReason))
    .trim()
    .min(5, z.because(certificateMessages.rejectionReason))
    .max(500, z.because(validationMessages.reasonTooLong)),
});
export type TCertificateRejectBody = z.input<typeof ZCertificateRejectBody>;

/** A member's state on a day, and the certificates behind it (the most recent first). */
export const ZCertificateStatus = z.object({
  state: z.enum(CERTIFICATE_STATES),
  /** Days from the day asked to the expiry of the certificate that counts (0: its last day). */
  days_left: z.number().int().nullable(),
  certificates: z.array(ZCertificate),
});
export type TCertificateStatus = z.infer<typeof ZCertificateStatus>;

/** Multipart text fields beside the optional `file`. */
export const ZCertificateBody = z
  .object({
    kind: ZCertificateKind,
    issued_by: z.string().trim().min(1, z.because(certificateMessages.issuedBy)).max(200),
    issue_date: ZIsoDate,
    expiry_date: ZIsoDate,
  })
  .refine((body) => body.expiry_date >= body.issue_date, { ...z.because(certificateMessages.expiryBeforeIssue), path: ['expiry_date'] })
  // A certificate is presented to play: one not issued yet or already expired is of no use (Rome days).
  .refine((body) => body.issue_date <= romeToday(), { ...z.because(certificateMessages.issuedInFuture), path: ['issue_date'] })
  .refine((body) => body.expiry_date >= romeToday(), { ...z.because(certificateMessages.alreadyExpired), path: ['expiry_date'] });
export type TCertificateBody = z.input<typeof ZCertificateBody>;

export const CERTIFICATE_LIST_FILTERS = ['all', 'missing', 'expiring', 'expired', 'to_verify'] as const;
export const CERTIFICATE_LIST_FILTER_LABELS: Record<(typeof CERTIFICATE_LIST_FILTERS)[number], string> = {
  all: 'Da controllare (tutti)',
  missing: 'Mancanti',
  expiring: 'In scadenza (30 giorni)',
  expired: 'Scaduti',
  to_verify: 'Da verificare',
};
export const CERTIFICATES_PER_PAGE = 25;
/** The CSV takes every row of the filter and search; the screen a page of them. */
export const ZCertificateExportQuery = z.object({
  filter: z.enum(CERTIFICATE_LIST_FILTERS, z.because(validationMessages.filter)).default('all'),
  /** Words of the name (any order) or a fiscal code on one of the member's cards. */
  search: z.string().trim().max(100, z.because(validationMessages.searchTooLong)).optional(),
});
export type TCertificateExportQuery = z.input<typeof ZCertificateExportQuery>;
export const ZCertificateListQuery = pageQuery(CERTIFICATES_PER_PAGE).extend(ZCertificateExportQuery.shape);
export type TCertificateListQuery = z.input<typeof ZCertificateListQuery>;

/**
 * A member with an active card whose certificate needs attention, or a child (the parent's `user_id` and
 * e-mail, the child's name) enrolled in a course not yet over or with a certificate to verify.
 */
export const ZCertificateListRow = z.object({
  user_id: z.number().int(),
  child_id: z.number().int().nullable(),
  /** The parent's name, for a child's row. */
  parent_name: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  state: z.enum(CERTIFICATE_STATES),
  /** An upload staff have not checked yet, even beside a certificate still valid (an early renewal). */
  awaiting_verification: z.boolean(),
  /** Kind, expiry and id of the upload awaiting verification, else of the latest certificate. */
  kind: ZCertificateKind.nullable(),
  expiry_date: ZIsoDate.nullable(),
  certificate_id: z.number().int().nullable(),
  /** That certificate's scanned file type, when it has one. */
  file_type: z.enum(CERTIFICATE_FILE_TYPES).nullable(),
});
export type TCertificateListRow = z.infer<typeof ZCertificateListRow>;

export const ZCertificateSettings = z.object({ require_valid_certificate: z.boolean() });
export type TCertificateSettings = z.infer<typeof ZCertificateSettings>;

const ZSavedCertificate = z.object({ message: z.string(), status: ZCertificateStatus });

export const certificatesRoutes = {
  mine: defineRoute({
    method: 'get', path: '/api/certificates/mine', tag: 'certificates', access: 'user',
    summary: 'Lo stato del mio certificato medico oggi e i certificati presentati',
    response: ZCertificateStatus,
  }),
  upload: defineRoute({
    method: 'post', path: '/api/certificates/mine', tag: 'certificates', access: 'user', successStatus: 201,
    summary: 'Carica un nuovo certificato (multipart: campi e file PDF, JPEG o PNG di al massimo 5 MB); resta da verificare',
    body: ZCertificateBody, response: ZSavedCertificate,
  }),
  myFile: defineRoute({
    method: 'get', path: '/api/certificates/mine/:id/file', tag: 'certificates', access: 'user',
    summary: 'Il file di un mio certificato', params: ZIdParams, response: z.unknown(),
  }),
  ofMember: defineRoute({
    method: 'get', path: '/api/admin/users/:id/certificates', tag: 'certificates', access: 'staff',
    summary: 'Lo stato del certificato di un tesserato oggi e i certificati presentati',
    params: ZIdParams, response: ZCertificateStatus,
  }),
  record: defineRoute({
    method: 'post', path: '/api/admin/users/:id/certificates', tag: 'certificates', access: 'staff', successStatus: 201,
    summary: 'Registra in segreteria il certificato di un tesserato (file facoltativo); è già verificato',
    params: ZIdParams, body: ZCertificateBody, response: ZSavedCertificate,
  }),
  verify: defineRoute({
    method: 'post', path: '/api/admin/certificates/:id/verify', tag: 'certificates', access: 'staff',
    summary: 'Conferma un certificato caricato dal tesserato', params: ZIdParams, response: ZSavedCertificate,
  }),
  reject: defineRoute({
    method: 'post', path: '/api/admin/certificates/:id/reject', tag: 'certificates', access: 'staff',
    summary: 'Rifiuta un certificato caricato dal tesserato e non ancora verificato, con il motivo che gli arriva per e-mail',
    params: ZIdParams, body: ZCertificateRejectBody, response: ZSavedCertificate,
  }),
  file: defineRoute({
    method: 'get', path: '/api/admin/certificates/:id/file', tag: 'certificates', access: 'staff',
    summary: 'Il file di un certificato', params: ZIdParams, response: z.unknown(),
  }),
  list: defineRoute({
    method: 'get', path: '/api/admin/certificates', tag: 'certificates', access: 'staff',
    summary: 'Tesserati con tessera attiva e certificato mancante, da verificare, in scadenza entro 30 giorni o scaduto',
    query: ZCertificateListQuery, response: pagedListOf(ZCertificateListRow),
  }),
  export: defineRoute({
    method: 'get', path: '/api/admin/certificates/export', tag: 'certificates', access: 'staff',
    summary: 'Lo stesso elenco in CSV, tutte le pagine', query: ZCertificateExportQuery, response: z.unknown(),
  }),
  settings: defineRoute({
    method: 'get', path: '/api/admin/certificates/settings', tag: 'certificates', access: 'staff',
    summary: 'Se per prenotare online serve un certificato valido', response: ZCertificateSettings,
  }),
  uploadForChild: defineRoute({
    method: 'post', path: '/api/me/children/:id/certificates', tag: 'certificates', access: 'user', successStatus: 201,
    summary: 'Carica il certificato di un proprio figlio (come il proprio: multipart, file PDF, JPEG o PNG); resta da verificare',
    params: ZIdParams, body: ZCertificateBody, response: ZSavedCertificate,
  }),
  saveSettings: defineRoute({
    method: 'put', path: '/api/admin/certificates/settings', tag: 'certificates', access: 'admin',
    summary: 'Attiva o disattiva "richiedi certificato valido" per le prenotazioni online',
    body: ZCertificateSettings, response: ZCertificateSettings,
  }),
};
