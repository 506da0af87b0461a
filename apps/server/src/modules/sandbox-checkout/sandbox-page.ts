import type { SandboxCheckoutSessionRow } from '../../db/schema/index.js';
import { escapeHtml } from '../../platform/http/escape-html.js';

const money = (minor: number, currency: string) => `$${(minor / 100).toFixed(2)} ${currency.toUpperCase()}`;

export interface SandboxPageState {
  error?: { field: 'card' | 'expiry' | 'cvc' | 'form'; message: string };
  declined?: boolean;
  values?: { cardNumber?: string; expiry?: string; cvc?: string };
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f6f4f1;color:#1d1b22}
main{max-width:960px;margin:0 auto;padding:24px 16px;display:grid;gap:24px}@media(min-width:800px){main{grid-template-columns:1fr 1fr;padding:64px 24px}}
.badge{display:inline-block;font-size:12px;font-weight:700;letter-spacing:.06em;text-transform:uppercase;background:#fde7b0;color:#5b4300;border-radius:999px;padding:2px 10px}
h1{font-size:20px;margin:12px 0 4px}.total{font-size:32px;font-weight:700;margin:4px 0 16px}
ul{list-style:none;padding:0;margin:0;border-top:1px solid #e4dfd8}li{display:flex;justify-content:space-between;gap:12px;padding:10px 0;border-bottom:1px solid #e4dfd8}
.card{background:#fff;border-radius:16px;box-shadow:0 6px 24px rgba(29,27,34,.08);padding:24px}
label{display:block;font-weight:600;font-size:14px;margin:14px 0 6px}input{width:100%;font:inherit;padding:12px 14px;min-height:48px;border:1px solid #cfc8bf;border-radius:12px;background:#fff}
input:focus{outline:3px solid #f1b8c3;border-color:#b3294e}.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.invalid{border-color:#b3261e}.message{color:#b3261e;font-size:14px;margin:6px 0 0}
.alert{background:#fdecea;color:#8c1d18;border-radius:12px;padding:12px 14px;margin:0 0 8px}
button,.link{display:block;width:100%;margin-top:20px;min-height:48px;border:0;border-radius:12px;background:#b3294e;color:#fff;font:inherit;font-weight:700;cursor:pointer;text-align:center;text-decoration:none;line-height:48px}
.link{background:transparent;color:#1d1b22;border:1px solid #cfc8bf}.hint{font-size:13px;color:#5d5866;margin-top:16px}`;

function field(name: 'cardNumber' | 'expiry' | 'cvc', label: string, attrs: string, state: SandboxPageState) {
  const key = name === 'cardNumber' ? 'card' : name;
  const isInvalid = state.error?.field === key;
  const value = escapeHtml(state.values?.[name] ?? '');
  return `<div><label for="${name}">${label}</label><input id="${name}" name="${name}" value="${value}" ${attrs}${isInvalid ? ' class="invalid" aria-invalid="true" aria-describedby="' + name + '-error"' : ''}>${
    isInvalid ? `<p class="message" id="${name}-error">${escapeHtml(state.error!.message)}</p>` : ''
  }</div>`;
}

/** The sandbox's hosted card page: plain HTML and a form post, so it runs under the strict CSP. */
export function renderSandboxPage(session: SandboxCheckoutSessionRow, state: SandboxPageState = {}): string {
  const items = session.lineItems
    .map((item) => `<li><span>${escapeHtml(item.name)}</span><span>${money(item.amountMinor, session.currency)}</span></li>`)
    .join('');
  const total = money(session.amountTotal, session.currency);
  const isOpen = session.status === 'open';
  const form = isOpen
    ? `<form method="post" action="/sandbox/checkout/${encodeURIComponent(session.id)}/pay" novalidate>
${state.declined ? '<p class="alert" role="alert">Your card was declined. Try another card, or go back to the store.</p>' : ''}
${state.error?.field === 'form' ? `<p class="alert" role="alert">${escapeHtml(state.error.message)}</p>` : ''}
${field('cardNumber', 'Card number', 'inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required', state)}
<div class="row">${field('expiry', 'Expiry', 'inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" required', state)}${field('cvc', 'CVC', 'inputmode="numeric" autocomplete="cc-csc" placeholder="123" required', state)}</div>
<button type="submit">Pay ${total}</button></form>
<a class="link" href="${escapeHtml(session.cancelUrl)}">Back to the store</a>
<p class="hint">Test mode · Modo de prueba: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined. No real card is charged.</p>`
    : `<p class="alert" role="status">This checkout session is ${escapeHtml(session.status)}.</p><a class="link" href="${escapeHtml(session.cancelUrl)}">Back to the store</a>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Pay ${total} · Momentos sandbox</title><style>${STYLE}</style></head><body><main>
<section><span class="badge">Sandbox</span><h1>Momentos</h1><p>${escapeHtml(session.customerEmail)}</p><div class="total">${total}</div><ul>${items}</ul></section>
<section class="card" aria-label="Payment">${form}</section></main></body></html>`;
}
