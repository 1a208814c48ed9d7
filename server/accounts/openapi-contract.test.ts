import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper.js';

interface Row {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  /** The statuses DESIGN section 4 names for the call. */
  statuses: number[];
  bearer: boolean;
}

// DESIGN section 4, the HTTP API table, row by row (and sections 9 to 12) (the two login forms and the two change forms share a path).
const DESIGN_TABLE: Row[] = [
  { method: 'post', path: '/api/v1/users', statuses: [201, 409, 422], bearer: false },
  { method: 'post', path: '/api/v1/login', statuses: [200, 401], bearer: false },
  { method: 'post', path: '/api/v1/logout', statuses: [204], bearer: true },
  { method: 'post', path: '/api/v2/reset_password', statuses: [204], bearer: false },
  {
    method: 'put',
    path: '/api/v2/change_password',
    statuses: [204, 400, 403, 422],
    bearer: true,
  },
  { method: 'post', path: '/api/v1/delete_user_with_token', statuses: [200], bearer: false },
  { method: 'get', path: '/api/v1/paypal_prices', statuses: [200], bearer: false },
  {
    method: 'get',
    path: '/api/v1/check_chromes_password',
    statuses: [200, 400, 401, 403],
    bearer: true,
  },
  { method: 'get', path: '/api/v1/me', statuses: [200], bearer: true },
  { method: 'get', path: '/healthz', statuses: [200], bearer: false },
  { method: 'get', path: '/readyz', statuses: [200], bearer: false },
  // DESIGN section 9, the subscription calls.
  { method: 'post', path: '/api/v1/subscriptions', statuses: [201, 403, 409, 503], bearer: true },
  { method: 'post', path: '/api/v1/subscriptions/confirm', statuses: [200, 404], bearer: true },
  { method: 'get', path: '/api/v1/subscription', statuses: [200], bearer: true },
  { method: 'post', path: '/api/v1/subscription/cancel', statuses: [200, 404, 503], bearer: true },
  { method: 'post', path: '/api/v1/paypal/webhook', statuses: [200, 400, 503], bearer: false },
  // DESIGN section 15, billing (the receipt link is decision 192's; the receipt page takes its token or a Bearer).
  { method: 'post', path: '/api/v1/subscription/change', statuses: [200, 404, 409, 503], bearer: true },
  { method: 'get', path: '/api/v1/billing/transactions', statuses: [200, 503], bearer: true },
  { method: 'post', path: '/api/v1/billing/receipt_link', statuses: [200, 404, 503], bearer: true },
  { method: 'get', path: '/billing/receipts/{transaction_id}', statuses: [200, 404, 503], bearer: false },
  // DESIGN section 12, your data (422 invalid_email, as at sign-up, for an address that is none).
  { method: 'get', path: '/api/v1/export', statuses: [200], bearer: true },
  { method: 'post', path: '/api/v1/email_change', statuses: [202, 403, 409, 422], bearer: true },
  { method: 'post', path: '/api/v1/email_change/confirm', statuses: [200, 400, 409], bearer: false },
  // DESIGN section 11, the passkey calls (the passkey form of login shares its row above).
  // The 403s: DESIGN 7's fresh authentication (reauthentication_required), decision 155.
  { method: 'post', path: '/api/v1/passkeys/registration_options', statuses: [200, 403], bearer: true },
  { method: 'post', path: '/api/v1/passkeys', statuses: [201, 400, 403], bearer: true },
  { method: 'get', path: '/api/v1/passkeys', statuses: [200], bearer: true },
  { method: 'patch', path: '/api/v1/passkeys/{id}', statuses: [200, 404], bearer: true },
  { method: 'delete', path: '/api/v1/passkeys/{id}', statuses: [204, 403, 404], bearer: true },
  { method: 'post', path: '/api/v1/passkeys/authentication_options', statuses: [200], bearer: false },
  // DESIGN section 10, devices.
  { method: 'get', path: '/api/v1/sessions', statuses: [200], bearer: true },
  { method: 'delete', path: '/api/v1/sessions/{id}', statuses: [204, 404], bearer: true },
  { method: 'post', path: '/api/v1/sessions/revoke_others', statuses: [200], bearer: true },
  // DESIGN section 11, two-step sign-in (its code form of login shares the login row; GET and the 409s
  // are docs/decisions/110-two-step-sign-in.md).
  { method: 'get', path: '/api/v1/two_factor', statuses: [200], bearer: true },
  { method: 'post', path: '/api/v1/two_factor/setup', statuses: [200, 403, 409], bearer: true },
  { method: 'post', path: '/api/v1/two_factor/enable', statuses: [200, 403, 409, 422], bearer: true },
  // DESIGN 7 (issue #26, decision 155): the undo link of an e-mail change, and fresh authentication.
  { method: 'post', path: '/api/v1/email_change/undo', statuses: [204, 400, 409], bearer: false },
  { method: 'post', path: '/api/v1/reauthenticate', statuses: [204, 401, 403], bearer: true },
  { method: 'post', path: '/api/v1/two_factor/disable', statuses: [204, 403], bearer: true },
  { method: 'post', path: '/api/v1/two_factor/recovery_codes', statuses: [200, 403, 409], bearer: true },
  // Issue #27 (decision 168): a mailed link's page asks whether it still works before showing a form.
  { method: 'post', path: '/api/v2/reset_password/check', statuses: [204, 400], bearer: false },
  { method: 'post', path: '/api/v1/email_change/confirm/check', statuses: [204, 400], bearer: false },
  { method: 'post', path: '/api/v1/email_change/undo/check', statuses: [204, 400], bearer: false },
  // DESIGN section 16, the support console: anyone but an agent gets 404 (never 401: it is not advertised),
  // an agent of one factor 403; actions refuse the agent's own and agents' accounts (403), no person (404)
  // and a reason out of bounds (422).
  { method: 'get', path: '/api/v1/admin/users', statuses: [200, 403, 404], bearer: false },
  { method: 'get', path: '/api/v1/admin/users/{id}', statuses: [200, 403, 404], bearer: false },
  { method: 'get', path: '/api/v1/admin/audit', statuses: [200, 403, 404], bearer: false },
  ...['sign_out_all', 'unlock'].map((action) => ({
    method: 'post' as const,
    path: `/api/v1/admin/users/{id}/${action}`,
    statuses: [action === 'unlock' ? 204 : 200, 403, 404, 422],
    bearer: false,
  })),
  {
    method: 'post',
    path: '/api/v1/admin/users/{id}/reset_two_factor',
    statuses: [204, 403, 404, 409, 422],
    bearer: false,
  },
  {
    method: 'post',
    path: '/api/v1/admin/users/{id}/cancel_subscription',
    statuses: [200, 403, 404, 422, 503],
    bearer: false,
  },
  { method: 'delete', path: '/api/v1/admin/users/{id}', statuses: [204, 403, 404, 422, 503], bearer: false },
  // DESIGN section 14, sign in with a provider: the flow's pages redirect (302), an unknown provider is 404;
  // the link token needs fresh authentication and a verified address (403).
  { method: 'get', path: '/api/v1/auth/providers', statuses: [200], bearer: false },
  { method: 'get', path: '/auth/{provider}/start', statuses: [302, 404], bearer: false },
  { method: 'get', path: '/auth/{provider}/callback', statuses: [302, 404], bearer: false },
  { method: 'post', path: '/auth/{provider}/callback', statuses: [302, 404], bearer: false },
  { method: 'get', path: '/api/v1/identities', statuses: [200], bearer: true },
  { method: 'post', path: '/api/v1/identities/link_token', statuses: [200, 403], bearer: true },
  { method: 'delete', path: '/api/v1/identities/{id}', statuses: [204, 403, 404, 409], bearer: true },
  {
    method: 'post',
    path: '/api/v1/admin/users/{id}/resend_verification',
    statuses: [202, 403, 404, 409, 422],
    bearer: false,
  },
  // DESIGN 13.
  { method: 'post', path: '/api/v1/email_verification', statuses: [202, 409], bearer: true },
  { method: 'post', path: '/api/v1/email_verification/confirm', statuses: [200, 400, 409], bearer: false },
  { method: 'post', path: '/api/v1/login/email_code', statuses: [204], bearer: false },
  { method: 'post', path: '/api/v1/reauth_code', statuses: [204], bearer: true },
];

/** Replies every call may add to the table's: bad input, a missing token, rate limits, readiness. */
const GENERAL = new Set([400, 401, 413, 415, 429, 503]);

interface Operation {
  responses: Record<string, unknown>;
  security?: Record<string, unknown>[];
}

let testApp: TestApp;
let paths: Record<string, Record<string, Operation>>;
beforeAll(async () => {
  testApp = await buildTestApp();
  paths = (await testApp.app.inject('/api/openapi.json')).json().paths;
});
afterAll(() => testApp.close());

describe('GET /api/openapi.json against the API table of DESIGN', () => {
  it('lists no call that the table does not have', () => {
    const documented = Object.entries(paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method} ${path}`),
    );
    const table = DESIGN_TABLE.map((row) => `${row.method} ${row.path}`);
    expect(documented.filter((call) => !table.includes(call))).toEqual([]);
  });

  it.each(DESIGN_TABLE)('$method $path has the statuses of the table', (row) => {
    const operation = paths[row.path]?.[row.method];
    expect(operation, `${row.method} ${row.path} is not documented`).toBeDefined();
    const documented = Object.keys(operation!.responses).map(Number);
    expect(documented).toEqual(expect.arrayContaining(row.statuses));
    const success = (statuses: number[]) => statuses.filter((status) => status < 300).sort();
    expect(success(documented)).toEqual(success(row.statuses));
    expect(documented.filter((status) => !row.statuses.includes(status) && !GENERAL.has(status))).toEqual([]);
    if (row.bearer) {
      expect(operation!.security).toContainEqual({ bearer: [] });
      expect(documented).toContain(401);
    }
  });
});
