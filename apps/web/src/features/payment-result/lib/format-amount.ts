/**
 * The paid amount: amountTotal arrives in cents (as card providers report it), so it is divided
 * by 100 and shown with the currency's symbol and two decimals, e.g. "$24.94".
 */
export function formatAmount(amountCents: number, currency: string, language: string): string {
  return new Intl.NumberFormat(language.startsWith('en') ? 'en-US' : 'es-MX', {
    style: 'currency',
    currency: currency.toUpperCase(),
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amountCents / 100);
}
