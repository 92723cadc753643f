// The lines of the two ministerial schemes the annual accounts follow (docs/annual-accounts.md#the-annual-accounts):
// Mod. D, the cash-based statement (receipts and payments), and Mod. B, the accrual statement (costs and
// income), each by area — A activities of general interest, B other activities, C fund-raising, D financial
// and patrimonial, E general support — then investments (Mod. D) and taxes. A line's code is
// `{area}.{side}{n}`: U uscite and E entrate (Mod. D), C costi and R ricavi (Mod. B).

export type TAccountsScheme = 'D' | 'B';
/** in: receipts and income; out: payments and costs. */
export type TLineSide = 'in' | 'out';
export interface TAccountsLine {
  code: string;
  label: string;
  side: TLineSide;
}
export interface TAccountsSection {
  title: string;
  lines: TAccountsLine[];
}

const numbered = (prefix: string, side: TLineSide, labels: string[]): TAccountsLine[] =>
  labels.map((label, index) => ({ code: `${prefix}${index + 1}`, label: `${index + 1}) ${label}`, side }));

const RUNNING_PAYMENTS = ['Materie prime, sussidiarie, di consumo e di merci', 'Servizi', 'Godimento beni di terzi', 'Personale', 'Uscite diverse di gestione'];
const RUNNING_COSTS = ['Materie prime, sussidiarie, di consumo e di merci', 'Servizi', 'Godimento beni di terzi', 'Personale', 'Ammortamenti', 'Accantonamenti per rischi ed oneri', 'Oneri diversi di gestione', 'Rimanenze iniziali'];
const GENERAL_INCOME = ['Entrate da quote associative e apporti dei fondatori', 'Entrate dagli associati per attività mutuali', 'Entrate per prestazioni e cessioni ad associati e fondatori', 'Erogazioni liberali', 'Entrate del 5 per mille', 'Contributi da soggetti privati', 'Entrate per prestazioni e cessioni a terzi', 'Contributi da enti pubblici', 'Entrate da contratti con enti pubblici', 'Altre entrate'];
const OTHER_INCOME = ['Entrate per prestazioni e cessioni ad associati e fondatori', 'Contributi da soggetti privati', 'Entrate per prestazioni e cessioni a terzi', 'Contributi da enti pubblici', 'Entrate da contratti con enti pubblici', 'Altre entrate'];
const GENERAL_REVENUE = ['Ricavi per quote associative e apporti dei fondatori', 'Ricavi dagli associati per attività mutuali', 'Ricavi per prestazioni e cessioni ad associati e fondatori', 'Erogazioni liberali', 'Proventi del 5 per mille', 'Contributi da soggetti privati', 'Ricavi per prestazioni e cessioni a terzi', 'Contributi da enti pubblici', 'Proventi da contratti con enti pubblici', 'Altri ricavi, rendite e proventi', 'Rimanenze finali'];
const OTHER_REVENUE = ['Ricavi per prestazioni e cessioni ad associati e fondatori', 'Contributi da soggetti privati', 'Ricavi per prestazioni e cessioni a terzi', 'Contributi da enti pubblici', 'Proventi da contratti con enti pubblici', 'Altri ricavi, rendite e proventi', 'Rimanenze finali'];

/** Lines no mapping places: shown only when money moved on them, so the treasurer completes the mapping. */
export const UNCLASSIFIED_LINE: TAccountsLine = { code: 'NC', label: 'Movimenti non classificati (da mappare)', side: 'in' };

export const ACCOUNTS_SCHEMES: Record<TAccountsScheme, { title: string; sections: TAccountsSection[] }> = {
  D: {
    title: 'Mod. D · Rendiconto per cassa',
    sections: [
      { title: 'A) Uscite da attività di interesse generale', lines: numbered('A.U', 'out', RUNNING_PAYMENTS) },
      { title: 'A) Entrate da attività di interesse generale', lines: numbered('A.E', 'in', GENERAL_INCOME) },
      { title: 'B) Uscite da attività diverse', lines: numbered('B.U', 'out', RUNNING_PAYMENTS) },
      { title: 'B) Entrate da attività diverse', lines: numbered('B.E', 'in', OTHER_INCOME) },
      { title: 'C) Uscite da attività di raccolta fondi', lines: numbered('C.U', 'out', ['Uscite per raccolte fondi abituali', 'Uscite per raccolte fondi occasionali', 'Altre uscite']) },
      { title: 'C) Entrate da attività di raccolta fondi', lines: numbered('C.E', 'in', ['Entrate da raccolte fondi abituali', 'Entrate da raccolte fondi occasionali', 'Altre entrate']) },
      { title: 'D) Uscite da attività finanziarie e patrimoniali', lines: numbered('D.U', 'out', ['Su rapporti bancari', 'Su investimenti finanziari', 'Su patrimonio edilizio', 'Su altri beni patrimoniali', 'Altre uscite']) },
      { title: 'D) Entrate da attività finanziarie e patrimoniali', lines: numbered('D.E', 'in', ['Da rapporti bancari', 'Da altri investimenti finanziari', 'Da patrimonio edilizio', 'Da altri beni patrimoniali', 'Altre entrate']) },
      { title: 'E) Uscite di supporto generale', lines: numbered('E.U', 'out', RUNNING_PAYMENTS.map((label) => label.replace('Uscite diverse di gestione', 'Altre uscite'))) },
      { title: 'E) Entrate di supporto generale', lines: numbered('E.E', 'in', ['Entrate da distacco del personale', 'Altre entrate di supporto generale']) },
      { title: 'Uscite da investimenti in immobilizzazioni o da deflussi di capitale di terzi', lines: numbered('I.U', 'out', ['Investimenti in immobilizzazioni inerenti alle attività di interesse generale', 'Investimenti in immobilizzazioni inerenti alle attività diverse', 'Investimenti in attività finanziarie e patrimoniali', 'Rimborso di finanziamenti per quota capitale e di prestiti']) },
      { title: 'Entrate da disinvestimenti in immobilizzazioni o da flussi di capitale di terzi', lines: numbered('I.E', 'in', ['Disinvestimenti di immobilizzazioni inerenti alle attività di interesse generale', 'Disinvestimenti di immobilizzazioni inerenti alle attività diverse', 'Disinvestimenti di attività finanziarie e patrimoniali', 'Ricevimento di finanziamenti e di prestiti']) },
      { title: 'Imposte', lines: [{ code: 'IMP', label: 'Imposte', side: 'out' }] },
    ],
  },
  B: {
    title: 'Mod. B · Rendiconto gestionale',
    sections: [
      { title: 'A) Costi e oneri da attività di interesse generale', lines: numbered('A.C', 'out', RUNNING_COSTS) },
      { title: 'A) Ricavi, rendite e proventi da attività di interesse generale', lines: numbered('A.R', 'in', GENERAL_REVENUE) },
      { title: 'B) Costi e oneri da attività diverse', lines: numbered('B.C', 'out', RUNNING_COSTS) },
      { title: 'B) Ricavi, rendite e proventi da attività diverse', lines: numbered('B.R', 'in', OTHER_REVENUE) },
      { title: 'C) Costi e oneri da attività di raccolta fondi', lines: numbered('C.C', 'out', ['Oneri per raccolte fondi abituali', 'Oneri per raccolte fondi occasionali', 'Altri oneri']) },
      { title: 'C) Ricavi, rendite e proventi da attività di raccolta fondi', lines: numbered('C.R', 'in', ['Proventi da raccolte fondi abituali', 'Proventi da raccolte fondi occasionali', 'Altri proventi']) },
      { title: 'D) Costi e oneri da attività finanziarie e patrimoniali', lines: numbered('D.C', 'out', ['Su rapporti bancari', 'Su prestiti', 'Da patrimonio edilizio', 'Da altri beni patrimoniali', 'Accantonamenti per rischi ed oneri', 'Altri oneri']) },
      { title: 'D) Ricavi, rendite e proventi da attività finanziarie e patrimoniali', lines: numbered('D.R', 'in', ['Da rapporti bancari', 'Da altri investimenti finanziari', 'Da patrimonio edilizio', 'Da altri beni patrimoniali', 'Altri proventi']) },
      { title: 'E) Costi e oneri di supporto generale', lines: numbered('E.C', 'out', ['Materie prime, sussidiarie, di consumo e di merci', 'Servizi', 'Godimento beni di terzi', 'Personale', 'Ammortamenti', 'Accantonamenti per rischi ed oneri', 'Altri oneri']) },
      { title: 'E) Proventi di supporto generale', lines: numbered('E.R', 'in', ['Proventi da distacco del personale', 'Altri proventi di supporto generale']) },
      { title: 'Imposte', lines: [{ code: 'IMP', label: 'Imposte', side: 'out' }] },
    ],
  },
};

/** Every line of a scheme, unclassified last. */
export const linesOf = (scheme: TAccountsScheme): TAccountsLine[] => [...ACCOUNTS_SCHEMES[scheme].sections.flatMap((section) => section.lines), UNCLASSIFIED_LINE];
export const lineOf = (scheme: TAccountsScheme, code: string): TAccountsLine | undefined => linesOf(scheme).find((line) => line.code === code);
/** The codes a mapping may name (the unclassified line is where no mapping puts money). */
export const mappableCodes = (scheme: TAccountsScheme): string[] => ACCOUNTS_SCHEMES[scheme].sections.flatMap((section) => section.lines.map((line) => line.code));
