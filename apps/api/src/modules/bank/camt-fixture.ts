// A CAMT.053.001.08 statement as an Italian bank exports it, built by the tests (API and browser) from its
// lines: the account, the opening and closing balances, and each booked entry with its parties and remittance.

export interface FixtureLine {
  bankRef?: string;
  on: string;
  cents: number;
  counterparty?: string;
  remittance?: string;
  /** Structured remittance: the creditor reference. */
  reference?: string;
}

const euros = (cents: number) => (Math.abs(cents) / 100).toFixed(2);
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function camt053({ iban, id, openingCents, from, to, lines }: { iban: string; id: string; openingCents: number; from: string; to: string; lines: FixtureLine[] }): string {
  const closing = lines.reduce((sum, line) => sum + line.cents, openingCents);
  const balance = (code: string, cents: number, on: string) =>
    `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${euros(cents)}</Amt><CdtDbtInd>${cents < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd><Dt><Dt>${on}</Dt></Dt></Bal>`;
  const entries = lines.map((line) => {
    const credit = line.cents > 0;
    const party = line.counterparty ? `<RltdPties><${credit ? 'Dbtr' : 'Cdtr'}><Pty><Nm>${escape(line.counterparty)}</Nm></Pty></${credit ? 'Dbtr' : 'Cdtr'}></RltdPties>` : '';
    const remittance = line.reference
      ? `<RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>${line.reference}</Ref></CdtrRefInf></Strd></RmtInf>`
      : line.remittance ? `<RmtInf><Ustrd>${escape(line.remittance)}</Ustrd></RmtInf>` : '';
    return `<Ntry>${line.bankRef ? `<NtryRef>${line.bankRef}</NtryRef>` : ''}<Amt Ccy="EUR">${euros(line.cents)}</Amt><CdtDbtInd>${credit ? 'CRDT' : 'DBIT'}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${line.on}</Dt></BookgDt><ValDt><Dt>${line.on}</Dt></ValDt>${line.bankRef ? `<AcctSvcrRef>${line.bankRef}</AcctSvcrRef>` : ''}<BkTxCd/><NtryDtls><TxDtls>${party}${remittance}</TxDtls></NtryDtls></Ntry>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>${id}</MsgId><CreDtTm>${to}T23:00:00</CreDtTm></GrpHdr>
<Stmt><Id>${id}</Id><FrToDt><FrDtTm>${from}T00:00:00</FrDtTm><ToDtTm>${to}T23:59:59</ToDtTm></FrToDt><Acct><Id><IBAN>${iban}</IBAN></Id><Ccy>EUR</Ccy></Acct>
${balance('OPBD', openingCents, from)}${balance('CLBD', closing, to)}
${entries.join('\n')}
</Stmt></BkToCstmrStmt></Document>`;
}
