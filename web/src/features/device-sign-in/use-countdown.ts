import { useSyncExternalStore } from 'react';

const everySecond = (onTick: () => void) => {
  const timer = window.setInterval(onTick, 1000);
  return () => window.clearInterval(timer);
};
const never = () => () => {};
const wholeSecondsNow = () => Math.floor(Date.now() / 1000);

/** Whole seconds left until `until` (an ISO time), ticking once a second; 0 once it has passed. */
export function useSecondsLeft(until: string | null): number {
  const now = useSyncExternalStore(until ? everySecond : never, wholeSecondsNow);
  if (!until) return 0;
  return Math.max(0, Math.floor(Date.parse(until) / 1000) - now);
}

/** 4:05 for 245 seconds. */
export const minutesAndSeconds = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
