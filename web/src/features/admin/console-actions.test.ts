import { describe, expect, it } from 'vitest';
import type { AdminUserDetail } from '@contract/admin';
import { CONSOLE_ACTIONS } from './console-actions';

const person = (email_verified: boolean | undefined) =>
  ({ id: 9, email: 'bob@example.com', email_verified }) as AdminUserDetail;
const resend = CONSOLE_ACTIONS.find((action) => action.name === 'resend_verification');

describe("the console's 'Resend the confirmation mail'", () => {
  it('is offered for an address not confirmed only (and not by a server without e-mail verification)', () => {
    expect(resend?.label).toBe('Resend the confirmation mail');
    expect(resend?.offered(person(false))).toBe(true);
    expect(resend?.offered(person(true))).toBe(false);
    expect(resend?.offered(person(undefined))).toBe(false);
  });

  it('says before it runs what will happen, and after it what happened and what next', () => {
    expect(resend?.consequence(person(false))).toBe(
      'A new confirmation mail is sent to bob@example.com, with a code that works for 15 minutes and a link that works for 24 hours; the codes and links sent before it stop working. Nothing else about the account changes.',
    );
    expect(resend?.done(person(false), undefined)).toBe(
      'A new confirmation mail was sent to bob@example.com. Their address is confirmed once they enter its code or open its link.',
    );
    expect(resend?.danger).toBeFalsy();
  });
});
