import type { SandboxCheckoutSessionRow } from '../../db/schema/index.js';
import type { SiteLanguage } from '../../platform/http/accept-language.js';
import { escapeHtml } from '../../platform/http/escape-html.js';
import type { CardProblem } from './card-check.js';
import { SANDBOX_TEXTS, type SandboxTexts } from './sandbox-texts.js';

const money = (minor: number, currency: string) => `$${(minor / 100).toFixed(2)} ${currency.toUpperCase()}`;

export interface SandboxPageState {
  error?: { field: 'card' | 'expiry' | 'cvc'; problem: CardProblem } | { field: 'form' };
  declined?: boolean;
  values?: { cardNumber?: string; expiry?: string; cvc?: string };
}

// Grid and flex children may not shrink below their content unless told (min-width:0): without it
// the two short inputs and a long e-mail pushed the page to 414 px on a 390 px phone.
const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f6f4f1;color:#1d1b22}
main{max-width:960px;margin:0 auto;padding:24px 16px;display:grid;grid-template-columns:minmax(0,1fr);gap:24px}
@media(min-width:800px){main{grid-template-columns:minmax(0,1fr) minmax(0,1fr);padding:64px 24px}}
.badge{display:inline-block;font-size:12px;font-weight:700;letter-spacing:.06em;text-transform:uppercase;background:#fde7b0;color:#5b4300;border-radius:999px;padding:2px 10px}
h1{font-size:20px;margin:12px 0 4px}.email{margin:0;overflow-wrap:anywhere}.total{font-size:32px;font-weight:700;margin:4px 0 16px}
ul{list-style:none;padding:0;margin:0;border-top:1px solid #e4dfd8}li{display:flex;justify-content:space-between;gap:12px;padding:10px 0;border-bottom:1px solid #e4dfd8}
li span:first-child{min-width:0;overflow-wrap:anywhere}li span:last-child{white-space:nowrap}
.card{background:#fff;border-radius:16px;box-shadow:0 6px 24px rgba(29,27,34,.08);padding:20px}
label{display:block;font-weight:600;font-size:14px;margin:14px 0 6px}
input{width:100%;min-width:0;font:inherit;padding:12px 14px;min-height:48px;border:1px solid #cfc8bf;border-radius:12px;background:#fff}
input:focus{outline:3px solid #f1b8c3;border-color:#b3294e}.row{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:12px}
.invalid{border-color:#b3261e}.message{color:#b3261e;font-size:14px;margin:6px 0 0}
.alert{background:#fdecea;color:#8c1d18;border-radius:12px;padding:12px 14px;margin:0 0 8px}
button,.link{display:block;width:100%;margin-top:20px;min-height:48px;border:0;border-radius:12px;background:#b3294e;color:#fff;font:inherit;font-weight:700;cursor:pointer;text-align:center;text-decoration:none;padding:12px 16px}
.link{background:transparent;color:#1d1b22;border:1px solid #cfc8bf}.hint{font-size:13px;color:#5d5866;margin-top:16px}`;

function field(
  name: 'cardNumber' | 'expiry' | 'cvc',
  label: string,
  attrs: string,
  state: SandboxPageState,
  text: SandboxTexts,
) {
  const key = name === 'cardNumber' ? 'card' : name;
  const error = state.error && state.error.field === key && 'problem' in state.error ? state.error : undefined;
  const value = escapeHtml(state.values?.[name] ?? '');
  const invalid = error ? ` class="invalid" aria-invalid="true" aria-describedby="${name}-error"` : '';
  const message = error ? `<p class="message" id="${name}-error">${escapeHtml(text.problems[error.problem])}</p>` : '';
  return `<div><label for="${name}">${label}</label><input id="${name}" name="${name}" value="${value}" ${attrs}${invalid}>${message}</div>`;
}

function page(language: SiteLanguage, title: string, body: string): string {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><style>${STYLE}</style></head><body>${body}</body></html>`;
}

/** The answer for a session id no session has, in the buyer's language. */
export function renderSandboxNotFound(language: SiteLanguage): string {
  const text = SANDBOX_TEXTS[language];
  return page(language, text.notFound, `<main><section class="card"><p>${text.notFound}</p></section></main>`);
}

/** The sandbox's hosted card page: plain HTML and a form post, so it runs under the strict CSP. */
export function renderSandboxPage(
  session: SandboxCheckoutSessionRow,
  language: SiteLanguage,
  state: SandboxPageState = {},
): string {
  const text = SANDBOX_TEXTS[language];
  const items = session.lineItems
    .map(
      (item) =>
        `<li><span>${escapeHtml(item.name)}</span><span>${money(item.amountMinor, session.currency)}</span></li>`,
    )
    .join('');
  const total = money(session.amountTotal, session.currency);
  const back = `<a class="link" href="${escapeHtml(session.cancelUrl)}" data-sandbox-back>${text.back}</a>`;
  const action = `/sandbox/checkout/${encodeURIComponent(session.id)}/pay?locale=${language}`;
  const form =
    session.status === 'open'
      ? `<form method="post" action="${action}" novalidate>
${state.declined ? `<p class="alert" role="alert">${text.declined}</p>` : ''}
${state.error?.field === 'form' ? `<p class="alert" role="alert">${text.formUnreadable}</p>` : ''}
${field('cardNumber', text.cardNumber, 'inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required', state, text)}
<div class="row">${field('expiry', text.expiry, `inputmode="numeric" autocomplete="cc-exp" placeholder="${text.expiryPlaceholder}" required`, state, text)}${field('cvc', text.cvc, 'inputmode="numeric" autocomplete="cc-csc" placeholder="123" required', state, text)}</div>
<button type="submit">${text.pay(total)}</button></form>
${back}
<p class="hint">${text.hint}</p>`
      : `<p class="alert" role="status">${session.status === 'complete' ? text.paid : text.closed}</p>${back}`;
  return page(
    language,
    text.title(total),
    `<main><section aria-label="${text.summaryLabel}"><span class="badge">${text.badge}</span><h1>Momentos</h1><p class="email">${escapeHtml(session.customerEmail)}</p><div class="total">${total}</div><ul>${items}</ul></section>
<section class="card" aria-label="${text.paymentLabel}">${form}</section></main>`,
  );
}
