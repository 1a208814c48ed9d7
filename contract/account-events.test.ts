import { describe, expect, it } from 'vitest';
import { ACCOUNT_EVENTS } from './account-events.js';
import { accountEventSchema } from './cable.js';

describe('the account event names the web app listens for', () => {
  it('are exactly the events AccountChannel streams', () => {
    const streamed = accountEventSchema.options.map((option) => option.shape.event.value);
    expect([...ACCOUNT_EVENTS].sort()).toEqual([...streamed].sort());
  });
});
