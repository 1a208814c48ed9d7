import { forwardRef, type ReactNode } from 'react';

type Tone = 'error' | 'success' | 'info';

const tones: Record<Tone, string> = {
  error: 'border-red-300 bg-red-50 text-red-900',
  success: 'border-green-300 bg-green-50 text-green-900',
  info: 'border-blue-300 bg-blue-50 text-blue-900',
};

/** A message area; focusable so a form can move focus to its outcome for screen-reader users. */
export const Message = forwardRef<HTMLDivElement, { tone: Tone; children: ReactNode }>(function Message(
  { tone, children },
  ref,
) {
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-md border px-3 py-2 ${tones[tone]}`}
    >
      {children}
    </div>
  );
});
