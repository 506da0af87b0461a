export const PAYING_CARD = '4242424242424242';
export const DECLINED_CARD = '4000000000000002';

/** Why a card was refused; the card page words it in the buyer's language. */
export type CardProblem = 'cardNumber' | 'expiry' | 'cvc' | 'notTestCard';
export type CardCheck =
  | { outcome: 'pay' }
  | { outcome: 'decline' }
  | { outcome: 'invalid'; field: 'card' | 'expiry' | 'cvc'; problem: CardProblem };

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The sandbox's rules: the two documented test cards, a future MM/YY expiry and a 3–4 digit CVC. */
export function checkCard(input: { cardNumber?: string; expiry?: string; cvc?: string }, now = new Date()): CardCheck {
  const digits = (input.cardNumber ?? '').replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) {
    return { outcome: 'invalid', field: 'card', problem: 'cardNumber' };
  }
  const expiry = (input.expiry ?? '').replace(/\s/g, '').match(/^(\d{2})\/(\d{2}|\d{4})$/);
  const month = Number(expiry?.[1]);
  const year = expiry ? Number(expiry[2]!.length === 2 ? `20${expiry[2]}` : expiry[2]) : 0;
  if (!expiry || month < 1 || month > 12 || new Date(Date.UTC(year, month, 1)) <= now) {
    return { outcome: 'invalid', field: 'expiry', problem: 'expiry' };
  }
  if (!/^\d{3,4}$/.test((input.cvc ?? '').trim())) {
    return { outcome: 'invalid', field: 'cvc', problem: 'cvc' };
  }
  if (digits === PAYING_CARD) return { outcome: 'pay' };
  if (digits === DECLINED_CARD) return { outcome: 'decline' };
  return { outcome: 'invalid', field: 'card', problem: 'notTestCard' };
}
