import { describe, expect, it } from 'vitest';
import { InProcessBus, type BusHandler } from '../push/bus.js';
import { StreamGroups } from './stream-groups.js';

/** An in-process bus that counts the subscriptions it holds. */
class CountingBus extends InProcessBus {
  held = 0;
  failNext = false;
  override async subscribe(stream: string, handler: BusHandler) {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('the bus is down');
    }
    const stop = await super.subscribe(stream, handler);
    this.held += 1;
    return () => {
      this.held -= 1;
      stop();
    };
  }
}

function groupsOn(bus: CountingBus) {
  const deliveries: Array<{ message: unknown; members: string[] }> = [];
  const groups = new StreamGroups<string>(bus, (message, members) =>
    deliveries.push({ message, members: [...members] }),
  );
  return { groups, deliveries };
}

describe('StreamGroups', () => {
  it('holds one bus subscription per stream for all its members, and hands each broadcast over once', async () => {
    const bus = new CountingBus();
    const { groups, deliveries } = groupsOn(bus);
    const leaves = await Promise.all(['a', 'b', 'c'].map((member) => groups.join('user:1', member)));
    expect(bus.held).toBe(1);
    await bus.publish('user:1', { n: 1 });
    expect(deliveries).toEqual([{ message: { n: 1 }, members: ['a', 'b', 'c'] }]);

    leaves[1]!();
    await bus.publish('user:1', { n: 2 });
    expect(deliveries[1]).toEqual({ message: { n: 2 }, members: ['a', 'c'] });
    leaves[0]!();
    leaves[2]!();
    await Promise.resolve();
    expect(bus.held).toBe(0);

    // A later socket of the same user subscribes afresh.
    await groups.join('user:1', 'd');
    expect(bus.held).toBe(1);
  });

  it('lets every waiting member fail when the subscription fails, and tries again for the next', async () => {
    const bus = new CountingBus();
    const { groups } = groupsOn(bus);
    bus.failNext = true;
    const results = await Promise.allSettled([groups.join('user:2', 'a'), groups.join('user:2', 'b')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    await groups.join('user:2', 'c');
    expect(bus.held).toBe(1);
  });
});
