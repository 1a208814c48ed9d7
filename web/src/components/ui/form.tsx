import type { FormEvent, ReactNode } from 'react';

/**
 * A form that never submits itself to the server by page load: the screen's handler does the call. The
 * browser's own validation bubbles are off, so every check speaks in the screen's words, in its message area.
 */
export function Form({
  onSubmit,
  label,
  children,
}: {
  onSubmit: () => void;
  label?: string;
  children: ReactNode;
}) {
  function handle(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit();
  }
  return (
    <form noValidate aria-label={label} className="flex flex-col gap-4" onSubmit={handle}>
      {children}
    </form>
  );
}
