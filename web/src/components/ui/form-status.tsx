import { useLayoutEffect, useRef } from 'react';
import type { Outcome } from '@/lib/use-submission';
import { Message } from './message';
import { ProgressBar } from './progress-bar';

/**
 * The waiting bar and the message area of a form. When an outcome appears, focus moves to it, so a
 * keyboard or screen-reader user hears what happened without hunting for it.
 */
export function FormStatus({
  pending,
  outcome,
  pendingLabel,
}: {
  pending: boolean;
  outcome: Outcome | null;
  pendingLabel: string;
}) {
  const messageRef = useRef<HTMLDivElement>(null);
  // A layout effect: the focus moves in the commit that shows the message. A passive effect after an awaited
  // reply runs in a later task, so for a moment the message was on screen with the focus still on the button.
  useLayoutEffect(() => {
    if (outcome) messageRef.current?.focus();
  }, [outcome]);

  return (
    <>
      {pending ? <ProgressBar label={pendingLabel} /> : null}
      {outcome ? (
        <Message ref={messageRef} tone={outcome.tone}>
          {outcome.text}
        </Message>
      ) : null}
    </>
  );
}
