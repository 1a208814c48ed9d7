import { describe, expect, it } from 'vitest';
import { SupportDesk } from './support-desk.js';

describe('the support desk', () => {
  it('gives absent facts their empty value, and refuses an action added after the console took the list', async () => {
    const desk = new SupportDesk();
    desk.addSummary('passkeys', async () => new Map([[1, 2]]));
    expect(await desk.summariesOf([1, 2])).toEqual(
      new Map([
        [1, { two_factor: false, passkeys: 2, subscription_status: null }],
        [2, { two_factor: false, passkeys: 0, subscription_status: null }],
      ]),
    );
    expect(await desk.detailOf(1)).toEqual({ sessions: [], subscription: null });
    const run = async () => undefined;
    desk.addAction('unlock', { status: 204, summary: 'unlock', run });
    expect(() => desk.addAction('unlock', { status: 204, summary: 'again', run })).toThrow(/added twice/);
    expect([...desk.actions().keys()]).toEqual(['unlock']);
    expect(() => desk.addAction('late', { status: 204, summary: 'late', run })).toThrow(/after the console/);
  });
});
