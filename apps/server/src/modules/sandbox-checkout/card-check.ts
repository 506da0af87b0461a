export const PAYING_CARD = '4242424242424242';
export const DECLINED_CARD = '4000000000000002';

export type CardCheck = { outcome: 'pay' } | { outcome: 'decline' } | { outcome: 'invalid'; field: 'card' | 'expiry' | 'cvc'; message: string };

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
    return { outcome: 'invalid', field: 'card', message: 'Your card number is invalid.' };
  }
  const expiry = (input.expiry ?? '').replace(/\s/g, '').match(/^(\d{2})\/(\d{2}|\d{4})$/);
  const month = Number(expiry?.[1]);
  const year = expiry ? Number(expiry[2]!.length === 2 ? `20${expiry[2]}` : expiry[2]) : 0;
  if (!expiry || month < 1 || month > 12 || new Date(Date.UTC(year, month, 1)) <= now) {
    return { outcome: 'invalid', field: 'expiry', message: "Your card's expiry date is invalid or in the past (MM/YY)." };
  }
  if (!/^\d{3,4}$/.test((input.cvc ?? '').trim())) {
    return { outcome: 'invalid', field: 'cvc', message: "Your card's security code is invalid." };
  }
  if (digits === PAYING_CARD) return { outcome: 'pay' };
  if (digits === DECLINED_CARD) return { outcome: 'decline' };
  return {
    outcome: 'invalid',
    field: 'card',
    message: 'This sandbox accepts the test cards 4242 4242 4242 4242 (pays) and 4000 0000 0000 0002 (declined).',
  };
}
