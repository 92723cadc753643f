// Every message of the membership coupons screen.
export const COUPON_MESSAGES = {
  loadFailed: 'Si è verificato un errore nel caricamento dei coupon. Riprova più tardi.',
  requiredFields: 'Compila tutti i campi obbligatori.',
  saveFailed: 'Si è verificato un errore nel salvataggio del coupon. Riprova più tardi.',
  created: 'Coupon tessera creato con successo!',
  updated: 'Coupon tessera aggiornato con successo!',
  activated: 'Coupon attivato con successo!',
  deactivated: 'Coupon disattivato con successo!',
  toggleFailed: 'Si è verificato un errore. Riprova più tardi.',
} as const;
