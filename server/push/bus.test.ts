import { describe, expect, it, vi } from 'vitest';
import { AccountEvents, sessionStream, userStream } from './account-events.js';
import { InProcessBus } from './bus.js';

describe('InProcessBus', () => {
  it('delivers to every subscriber of a stream until it unsubscribes', async () => {
    const bus = new InProcessBus();
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = await bus.subscribe('s', first);
    await bus.subscribe('s', second);
    await bus.subscribe('other', () => {
      throw new Error('never called');
    });
    await bus.publish('s', { n: 1 });
    stopFirst();
    await bus.publish('s', { n: 2 });
    expect(first.mock.calls).toEqual([[{ n: 1 }]]);
    expect(second.mock.calls).toEqual([[{ n: 1 }], [{ n: 2 }]]);
  });

  it('keeps delivering when one subscriber throws', async () => {
    const bus = new InProcessBus();
    const after = vi.fn();
    await bus.subscribe('s', () => {
      throw new Error('boom');
    });
    await bus.subscribe('s', after);
    await bus.publish('s', 'x');
    expect(after).toHaveBeenCalledWith('x');
  });
});

describe('AccountEvents', () => {
  it('sends user events to the user stream and signed_out to each session stream', async () => {
    const bus = new InProcessBus();
    const onUser = vi.fn();
    const onSession = vi.fn();
    await bus.subscribe(userStream(5), onUser);
    await bus.subscribe(sessionStream(9), onSession);
    const events = new AccountEvents(bus);
    await events.sessionCreated(5, 'qr');
    await events.passwordChanged(5);
    await events.accountDeleted(5);
    await events.signedOut([9, 10], 'logout');
    expect(onUser.mock.calls.map(([message]) => message)).toEqual([
      { event: { event: 'session_created', kind: 'qr' }, disconnect: false },
      { event: { event: 'password_changed' }, disconnect: false },
      { event: { event: 'account_deleted' }, disconnect: true },
    ]);
    expect(onSession).toHaveBeenCalledWith({
      event: { event: 'signed_out', reason: 'logout' },
      disconnect: true,
    });
  });
});
