import { useCallback, useEffect, useRef, useState } from 'react';
import type { AccountEventName } from '@contract/account-events';
import { useAccountEvents } from './account-events';
import { sentenceOf } from './http-client';

export interface ServerState<T> {
  /** What the last read gave for this key; kept while a later read is under way or after it failed. */
  data: T | undefined;
  /** The sentence of the last read's failure (the server's, through `sentenceOf`); null once another starts. */
  error: string | null;
  /** Nothing to show yet: the first read of this key, or the one after a failure, is under way. */
  loading: boolean;
  /** Reads again. Settles when the read has; never rejects, since a failure lands in `error`. */
  reload: () => Promise<void>;
  /**
   * Takes what a call or a push just said, without a read (`now` is undefined before the first answer).
   * A read under way still lands afterwards: it was asked for to learn more than this.
   */
  set: (update: (now: T | undefined) => T | undefined) => void;
}

interface Snapshot<T> {
  key: string;
  /** Some answer was had for this key (a read may give undefined and still count). */
  answered: boolean;
  data: T | undefined;
  error: string | null;
}

/**
 * The one way the web app reads server state: `read` once per `key` (null: nothing to read, e.g. signed
 * out), again on `reload` and on each account event named in `refreshOn`, so every open page shows what
 * another page just changed. Only the newest read lands: one that a newer read, a new key or the
 * component's unmount has overtaken is aborted, and its answer dropped, so a late reply never overwrites
 * a fresher one nor shows one key's answer under another.
 */
export function useServerState<T>({
  key,
  read,
  refreshOn = [],
}: {
  key: string | null;
  read: (signal: AbortSignal) => Promise<T>;
  refreshOn?: readonly AccountEventName[];
}): ServerState<T> {
  const [snapshot, setSnapshot] = useState<Snapshot<T> | null>(null);
  const latest = useRef({ key, read });
  const inFlight = useRef<AbortController | null>(null);
  useEffect(() => {
    latest.current = { key, read };
  });

  const start = useCallback(async (forKey: string) => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    // Only the newest read of this hook may land (see above).
    const mine = () => inFlight.current === controller;
    try {
      const data = await latest.current.read(controller.signal);
      if (mine()) setSnapshot({ key: forKey, answered: true, data, error: null });
    } catch (error) {
      if (mine()) setSnapshot((now) => ({ ...keptFor(now, forKey), key: forKey, error: sentenceOf(error) }));
    } finally {
      if (mine()) inFlight.current = null;
    }
  }, []);

  useEffect(() => {
    if (key === null) return;
    void start(key);
    return () => {
      inFlight.current?.abort();
      inFlight.current = null;
    };
  }, [key, start]);

  const reload = useCallback(async () => {
    const forKey = latest.current.key;
    if (forKey === null) return;
    // The old failure gives way to the waiting bar (or to the data still shown) while asking again.
    setSnapshot((now) => (now?.key === forKey && now.error ? { ...now, error: null } : now));
    await start(forKey);
  }, [start]);

  const set = useCallback((update: (now: T | undefined) => T | undefined) => {
    const forKey = latest.current.key;
    if (forKey === null) return;
    setSnapshot((now) => {
      const data = update(keptFor(now, forKey).data);
      return data === undefined ? now : { key: forKey, answered: true, data, error: null };
    });
  }, []);

  useAccountEvents((event) => {
    if (refreshOn.includes(event.event)) void reload();
  });

  const mine = key !== null && snapshot?.key === key ? snapshot : null;
  return {
    data: mine?.data,
    error: mine?.error ?? null,
    loading: key !== null && !mine?.answered && !mine?.error,
    reload,
    set,
  };
}

/** What a snapshot holds for `key`: nothing when it was taken for another. */
const keptFor = <T>(snapshot: Snapshot<T> | null, key: string) =>
  snapshot?.key === key
    ? { answered: snapshot.answered, data: snapshot.data }
    : { answered: false, data: undefined };
