import { describe, expect, it } from 'vitest';
import { createSlots } from './hash-slots.js';

/** Work that stays running until the test lets it finish. */
function heldWork(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    finish,
    run: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
      return name;
    },
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createSlots', () => {
  it('runs as many pieces of work at once as it has slots, the rest in the order they came', async () => {
    const inSlot = createSlots(2);
    const log: string[] = [];
    const works = ['a', 'b', 'c', 'd'].map((name) => heldWork(log, name));
    const results = works.map((work) => inSlot(work.run));
    await settle();
    expect(log).toEqual(['start a', 'start b']);

    works[1]!.finish();
    await settle();
    expect(log).toEqual(['start a', 'start b', 'end b', 'start c']);

    works[0]!.finish();
    await settle();
    expect(log.slice(4)).toEqual(['end a', 'start d']);

    works[2]!.finish();
    works[3]!.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('gives a failed piece of work’s slot to the next and hands the failure to its caller', async () => {
    const inSlot = createSlots(1);
    const failed = inSlot(() => Promise.reject(new Error('hash failed')));
    const next = inSlot(() => Promise.resolve('next ran'));
    await expect(failed).rejects.toThrow('hash failed');
    expect(await next).toBe('next ran');
  });

  it('frees every slot once the work is done, so a later burst runs as wide again', async () => {
    const inSlot = createSlots(2);
    await Promise.all([1, 2, 3].map((n) => inSlot(() => Promise.resolve(n))));
    const log: string[] = [];
    const works = ['x', 'y', 'z'].map((name) => heldWork(log, name));
    const results = works.map((work) => inSlot(work.run));
    await settle();
    expect(log).toEqual(['start x', 'start y']);
    for (const work of works) work.finish();
    await Promise.all(results);
  });
});
