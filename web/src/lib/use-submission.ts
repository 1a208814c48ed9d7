import { useCallback, useState, type ReactNode } from 'react';
import { sentenceOf } from './http-client';

/** What a form says after an attempt: an error or a success, for the message area. */
export interface Outcome {
  tone: 'error' | 'success';
  text: ReactNode;
}

export const failure = (text: ReactNode): Outcome => ({ tone: 'error', text });
export const success = (text: ReactNode): Outcome => ({ tone: 'success', text });

/**
 * The life of one form submission: waiting, then an outcome. `submit` clears the previous outcome first, so
 * the message area never shows a stale sentence next to the progress bar; a thrown error becomes the
 * server's message, and a second submit while one is under way is ignored.
 */
export function useSubmission() {
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const submit = useCallback(
    async (work: () => Promise<Outcome | void>) => {
      if (pending) return;
      setOutcome(null);
      setPending(true);
      try {
        setOutcome((await work()) ?? null);
      } catch (error) {
        setOutcome(failure(sentenceOf(error)));
      } finally {
        setPending(false);
      }
    },
    [pending],
  );

  return { pending, outcome, submit, setOutcome };
}
