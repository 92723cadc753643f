// An amount in Italian words ("mille euro"), for the desk's confirmation of a large amount
// (docs/domain.md#credit, "Large amounts at the desk"): a slipped zero reads differently in words.
const UNITS = ['zero', 'uno', 'due', 'tre', 'quattro', 'cinque', 'sei', 'sette', 'otto', 'nove', 'dieci', 'undici', 'dodici', 'tredici', 'quattordici', 'quindici', 'sedici', 'diciassette', 'diciotto', 'diciannove'];
const TENS = ['', '', 'venti', 'trenta', 'quaranta', 'cinquanta', 'sessanta', 'settanta', 'ottanta', 'novanta'];

function belowHundred(n: number): string {
  if (n < 20) return UNITS[n]!;
  const tens = TENS[Math.floor(n / 10)]!;
  const unit = n % 10;
  if (unit === 0) return tens;
  // "ventuno", "trentotto": the tens lose their vowel before a vowel.
  return (unit === 1 || unit === 8 ? tens.slice(0, -1) : tens) + UNITS[unit]!;
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const head = hundreds === 0 ? '' : hundreds === 1 ? 'cento' : `${UNITS[hundreds]!}cento`;
  if (rest === 0) return head;
  const tail = belowHundred(rest);
  // "centotto", "centottanta".
  return head && tail.startsWith('o') ? head.slice(0, -1) + tail : head + tail;
}

/** A whole number in Italian words, written as one word as Italian does ("milleduecentotré"). */
export function numberInItalianWords(n: number): string {
  if (!Number.isInteger(n) || n < 0) throw new Error(`Not a whole number: ${n}`);
  if (n === 0) return 'zero';
  const millions = Math.floor(n / 1_000_000);
  const thousands = Math.floor((n % 1_000_000) / 1000);
  const rest = n % 1000;
  const words =
    (millions === 0 ? '' : millions === 1 ? 'unmilione' : `${belowThousand(millions)}milioni`) +
    (thousands === 0 ? '' : thousands === 1 ? 'mille' : `${belowThousand(thousands)}mila`) +
    (rest === 0 ? '' : belowThousand(rest));
  // A compound ending in "tre" takes the accent: "ventitré", "milletré".
  return words !== 'tre' && words.endsWith('tre') ? `${words.slice(0, -3)}tré` : words;
}

/** Cents in Italian words: "mille euro", "dieci euro e 50 centesimi". */
export function centsInItalianWords(cents: number): string {
  const euros = Math.floor(cents / 100);
  const rest = cents % 100;
  const inEuros = `${numberInItalianWords(euros)} euro`;
  return rest === 0 ? inEuros : `${inEuros} e ${rest} ${rest === 1 ? 'centesimo' : 'centesimi'}`;
}
