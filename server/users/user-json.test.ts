import { describe, expect, it } from 'vitest';
import { keepsOneShape } from '../test/object-shapes.js';
import type { Account } from './account.js';
import type { MeParts } from './me-parts.js';
import { toMe, toUserJson } from './user-json.js';

const account = (id: number): Account =>
  ({
    id,
    email: `${id}@example.com`,
    role: 0,
    created_at: '2026-11-22T10:00:00.000Z',
    email_verified_at: id % 2 === 0 ? '2026-11-22T10:05:00.000Z' : null,
    has_password: id !== 3,
  }) as Account;

describe('user JSON', () => {
  it('is the user JSON of DESIGN section 4, with the token or with the subscription', () => {
    expect(toUserJson(account(1), 'token')).toEqual({
      id: 1,
      email: '1@example.com',
      role: 0,
      created_at: '2026-11-22T10:00:00.000Z',
      email_verified: false,
      has_password: true,
      auth_token: 'token',
    });
    expect(toUserJson(account(3), 'token')).toMatchObject({ email_verified: false, has_password: false });
    expect(toMe(account(2), { subscription: null })).toEqual({
      id: 2,
      email: '2@example.com',
      role: 0,
      created_at: '2026-11-22T10:00:00.000Z',
      email_verified: true,
      has_password: true,
      subscription: null,
    });
  });

  // `{ ...toMe(user), auth_token }` gave every reply a shape of its own once optimised (decision 098).
  it('keeps one object shape from reply to reply once optimised', () => {
    const calls = [1, 2, 3, 4].map((id) => [account(id), `token-${id}`] as [Account, string]);
    expect(keepsOneShape(toUserJson, calls)).toBe(true);
    expect(
      keepsOneShape(
        toMe,
        [1, 2, 3, 4].map((id) => [account(id), { subscription: null }] as [Account, MeParts]),
      ),
    ).toBe(true);
  });
});
