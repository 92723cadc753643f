// ISO 11649 creditor references ("RF" + two check digits + up to 21 letters and digits), made from the thing
// owed so that a transfer names what it pays (docs/annual-accounts.md#paying-by-transfer). The check digits
// are ISO 7064 MOD 97-10, as for an IBAN: letters count A=10 … Z=35, "RF00" moved to the end.

/** What an RF reference of ours pays: an enrolment up to instalment `seq`, a card, a player's tournament part, or a member's debt. */
export type Owed =
  | { kind: 'enrolment'; id: number; seq: number }
  | { kind: 'membership'; id: number }
  | { kind: 'tournament'; playerId: number }
  | { kind: 'debt'; userId: number };

const mod97 = (text: string) => {
  const digits = [...text].map((char) => (/\d/.test(char) ? char : String(char.charCodeAt(0) - 55))).join('');
  return [...digits].reduce((rest, digit) => (rest * 10 + Number(digit)) % 97, 0);
};

/** The reference of `body` (1 to 21 letters and digits) with its check digits. */
export function creditorReference(body: string): string {
  const upper = body.toUpperCase();
  if (!/^[A-Z0-9]{1,21}$/.test(upper)) throw new Error(`Not a creditor reference body: ${body}`);
  const check = 98 - mod97(`${upper}RF00`);
  return `RF${String(check).padStart(2, '0')}${upper}`;
}

export const isValidCreditorReference = (reference: string) => /^RF\d{2}[A-Z0-9]{1,21}$/.test(reference) && mod97(`${reference.slice(4)}${reference.slice(0, 4)}`) === 1;

const bodyOf = (owed: Owed) => {
  switch (owed.kind) {
    case 'enrolment': return `E${owed.id}S${owed.seq}`;
    case 'membership': return `M${owed.id}`;
    case 'tournament': return `T${owed.playerId}`;
    case 'debt': return `D${owed.userId}`;
  }
};
export const referenceOf = (owed: Owed) => creditorReference(bodyOf(owed));

/** The first valid RF reference in a text (spaces inside it allowed, as banking apps print it in groups of four). */
export function findCreditorReference(text: string): string | null {
  for (const match of text.toUpperCase().matchAll(/RF\d{2}(?: ?[A-Z0-9]){1,21}/g)) {
    // A reference runs up to 25 characters; the words after it may join the match when spaces are dropped,
    // so one of ours (read back whole) comes first, else the longest valid one.
    const compact = match[0].replace(/ /g, '');
    const valid = Array.from({ length: compact.length - 4 }, (_, at) => compact.slice(0, compact.length - at)).filter(isValidCreditorReference);
    const found = valid.find((candidate) => owedOf(candidate) !== null) ?? valid[0];
    if (found) return found;
  }
  return null;
}

/** What one of our references pays, or null (someone else's, or not ours). */
export function owedOf(reference: string): Owed | null {
  const body = reference.slice(4);
  const enrolment = /^E(\d{1,9})S(\d{1,3})$/.exec(body);
  if (enrolment) return { kind: 'enrolment', id: Number(enrolment[1]), seq: Number(enrolment[2]) };
  const [, letter, id] = /^([MTD])(\d{1,9})$/.exec(body) ?? [];
  if (letter === 'M') return { kind: 'membership', id: Number(id) };
  if (letter === 'T') return { kind: 'tournament', playerId: Number(id) };
  return letter === 'D' ? { kind: 'debt', userId: Number(id) } : null;
}
