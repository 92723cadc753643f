// Paying by transfer, in an e-mail of an amount due (docs/annual-accounts.md#paying-by-transfer): a paragraph
// with the IBAN, holder, amount and RF reference, and the EPC QR code as a picture, in the member's language.
import { defineMessages } from '@beach/contracts';
import QRCode from 'qrcode';
import type { AppDeps } from '../../deps.js';
import type { EmailContent } from '../../lib/email-layout.js';
import { type I18n, localizedEuros, sayer } from '../../lib/i18n.js';
import { type Owed, referenceOf } from './creditor-reference.js';
import { associationAccount, epcPayload } from './transfer-details.js';

const messages = defineMessages({
  details: /* i18n */ {
    id: 'api.bank_transfer.email_details',
    message: 'Puoi pagare anche con bonifico: IBAN {iban}, intestato a {holder}, importo {amount}, causale {reference}. Con questo riferimento il pagamento viene riconosciuto da solo; il codice QR si inquadra con l’app della banca.',
  },
  qrAlt: /* i18n */ { id: 'api.bank_transfer.email_qr_alt', message: 'Codice QR del bonifico' },
});

/** How to pay by transfer, in an e-mail: its paragraph and its QR picture. */
export interface TransferInEmail {
  paragraph: string;
  image: NonNullable<EmailContent['image']>;
}

/** The e-mail's paragraph and QR picture for paying `cents` of what is owed by transfer; null while no IBAN is set. */
export async function transferForEmail(db: Pick<AppDeps['db'], 'setting'>, i18n: I18n, owed: Owed, cents: number): Promise<TransferInEmail | null> {
  const account = await associationAccount(db);
  if (!account) return null;
  const reference = referenceOf(owed);
  const say = sayer(i18n);
  const png = await QRCode.toBuffer(epcPayload(account, cents, reference), { errorCorrectionLevel: 'M', margin: 2, width: 360 });
  return {
    paragraph: say(messages.details, { iban: account.iban.replace(/(.{4})/g, '$1 ').trim(), holder: account.holder, amount: localizedEuros(cents), reference: reference.replace(/(.{4})/g, '$1 ').trim() }),
    image: { png: png.toString('base64'), alt: say(messages.qrAlt) },
  };
}
