import { createHash } from 'node:crypto';
import { PLAN_NAMES } from '../../contract/plan-rules.js';
import type { Config } from '../config.js';
import { escapeHtml } from '../http/escape-html.js';
import { mailDate } from '../mail/subscription-mails.js';
import type { HistoryEntry } from './billing.service.js';

const STATUS_WORDS = {
  COMPLETED: 'Paid',
  DECLINED: 'Declined',
  PARTIALLY_REFUNDED: 'Paid, partly refunded',
  PENDING: 'Pending at PayPal',
  REFUNDED: 'Refunded',
} as const;

/** One stylesheet, inline, let in by its hash alone: the page runs no script at all. */
const STYLE = `
:root{color-scheme:light dark;font-family:system-ui,sans-serif;line-height:1.5}
body{max-width:40rem;margin:2rem auto;padding:0 1rem;color:#111;background:#fff}
h1{font-size:1.5rem;margin:0 0 .25rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.5rem 1.5rem;margin:1.5rem 0}
dt{font-weight:600}
dd{margin:0}
footer{margin-top:2rem;font-size:.9rem;color:#444}
@media (prefers-color-scheme:dark){body{color:#eee;background:#111}footer{color:#bbb}}
@media print{body{margin:0;max-width:none;color:#000;background:#fff}footer{color:#000}@page{margin:2cm}}
`;
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

/** The receipt page's own policy: nothing but its one hashed stylesheet; no script, frame, form or image. */
export const RECEIPT_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${STYLE_HASH}'`,
  "script-src 'none'",
  "img-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join(';');

function page(config: Pick<Config, 'appName'>, title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · ${escapeHtml(config.appName)}</title>
<style>${STYLE}</style></head>
<body>${body}</body></html>`;
}

/** A printable receipt of one payment (DESIGN 15). */
export function receiptPage(
  config: Pick<Config, 'appName' | 'supportEmail'>,
  { payment, email }: { payment: HistoryEntry; email: string },
): string {
  const amount = `${payment.amount.value} ${payment.amount.currency_code}`;
  const rows: [string, string][] = [
    ['Date', mailDate(payment.time)],
    ['Plan', `${PLAN_NAMES[payment.plan]} plan`],
    ['Amount', amount],
    ['Status', STATUS_WORDS[payment.status]],
    ['Paid by', payment.payerEmail ?? email],
    ['Account', email],
    ['PayPal transaction id', payment.id],
    ['PayPal subscription id', payment.subscription_id],
  ];
  return page(
    config,
    'Receipt',
    `<main><h1>${escapeHtml(config.appName)}: receipt</h1>
<p>Payment received through PayPal for your ${escapeHtml(config.appName)} subscription.</p>
<dl>${rows.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>
</main>
<footer>Questions about this payment? Write to ${escapeHtml(config.supportEmail)}. To print it, use your browser's Print command.</footer>`,
  );
}

/** What a receipt address shows when it cannot show the receipt: one sentence of why, and what next. */
export function receiptProblemPage(config: Pick<Config, 'appName'>, sentence: string): string {
  return page(config, 'Receipt', `<main><h1>Receipt</h1><p>${escapeHtml(sentence)}</p></main>`);
}
