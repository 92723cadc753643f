// Facts about the centre shown on the public site and printed on the membership card. No zod here:
// the home page imports this module on its own (`@beach/contracts/centre`) without the schemas.
export const CENTRE_NAME = 'Adriatica Beach Arena';

/** The centre's usage rules, shown on the home page and the card's second page. */
export const USAGE_RULES = [
  'Non sono ammessi cani.',
  'Vietato portare alcolici e bottiglie o bicchieri di vetro.',
  'Vietato fumare nell’area dei campi.',
  'Vietato giocare a calcio.',
  'Niente musica senza autorizzazione dello staff.',
  'I minori devono essere accompagnati da un adulto.',
] as const;

/** Where the centre stands (Rimini area, Adriatic coast): the tournaments' scheduler computes sunset there for unlit courts. */
export const CENTRE_LOCATION = { latitude: 44.0594, longitude: 12.5683 } as const;
