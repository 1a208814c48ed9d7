import { useEffect, useRef } from 'react';
import type { AccountEvent } from '@contract/cable';

type Listener = (event: AccountEvent) => void;

const listeners = new Set<Listener>();

/** Where the page's push connection hands account events to whoever on the page wants them. */
export const accountEvents = {
  emit(event: AccountEvent) {
    for (const listener of [...listeners]) listener(event);
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

/** Calls `listener` with every account event while the component is mounted. */
export function useAccountEvents(listener: Listener) {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => accountEvents.subscribe((event) => latest.current(event)), []);
}
