import { describe, expect, it } from 'vitest';
import { robotsTxt } from './robots.js';

describe('robotsTxt', () => {
  it('keeps crawlers off the account, the support console, the token pages, the API and the receipts, and nothing else', () => {
    expect(robotsTxt()).toBe(
      [
        'User-agent: *',
        'Disallow: /change-password/',
        'Disallow: /confirm-email/',
        'Disallow: /verify-email/',
        'Disallow: /undo-email-change/',
        'Disallow: /account',
        'Disallow: /admin',
        'Disallow: /api/',
        'Disallow: /cable',
        'Disallow: /billing/receipts/',
        '',
      ].join('\n'),
    );
  });
});
