// How to pay an amount due by transfer (docs/annual-accounts.md#paying-by-transfer): the association's IBAN,
// the amount, the RF reference and the EPC069-12 QR code ("SEPA QR", what European banking apps scan),
// whose payload the sepa-payment-qr-code package builds and qrcode draws.
import { createRequire } from 'node:module';
import { centsToMoney, type TTransferDetails } from '@beach/contracts';
import QRCode from 'qrcode';
import type { AppDeps } from '../../deps.js';
import { type Owed, referenceOf } from './creditor-reference.js';

// The package is CommonJS and ships no types: its one function, as its readme describes it.
type EpcFields = { name: string; iban: string; amount: number | null; bic?: string; structuredReference?: string; unstructuredReference?: string; information?: string };
const epcQrPayload = createRequire(import.meta.url)('sepa-payment-qr-code') as (data: EpcFields) => string;

export interface BankAccount {
  iban: string;
  holder: string;
}

/** The EPC QR payload: version 002, UTF-8, SEPA credit transfer, the amount in euros and the reference as structured remittance. */
export const epcPayload = (account: BankAccount, cents: number, reference: string): string =>
  epcQrPayload({ name: account.holder, iban: account.iban, amount: cents / 100, structuredReference: reference });

export async function transferDetails(account: BankAccount, cents: number, reference: string): Promise<TTransferDetails> {
  // Error correction M, as the EPC guidelines ask.
  const qrSvg = await QRCode.toString(epcPayload(account, cents, reference), { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { iban: account.iban, holder: account.holder, amount: centsToMoney(cents), reference, qr_svg: qrSvg };
}

/** The association's account (settings), or null while no IBAN is set: no amount can then be paid by transfer. */
export async function associationAccount(db: Pick<AppDeps['db'], 'setting'>): Promise<BankAccount | null> {
  const settings = await db.setting.findUnique({ where: { id: 1 }, select: { bankIban: true, bankHolder: true } });
  return settings?.bankIban && settings.bankHolder ? { iban: settings.bankIban, holder: settings.bankHolder } : null;
}

/** How to pay `cents` of what is owed by transfer, or null while the association has no IBAN set. */
export async function transferTo(db: Pick<AppDeps['db'], 'setting'>, owed: Owed, cents: number): Promise<TTransferDetails | null> {
  const account = await associationAccount(db);
  return account ? transferDetails(account, cents, referenceOf(owed)) : null;
}
