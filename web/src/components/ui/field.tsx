import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

/**
 * A labelled input; the hint sits between label and input and is read with it, and so is the error below
 * it, which also marks the input invalid. `error` undefined means the field has no error area; null, an
 * area that is empty for now and announces what appears in it (a check made while typing). `after` sits
 * beside the input (a password field's show/hide toggle).
 */
export function Field({
  label,
  hint,
  error,
  after,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  hint?: ReactNode;
  error?: ReactNode;
  after?: ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
      <div className="flex gap-2">
        <input
          id={id}
          aria-describedby={describedBy || undefined}
          aria-invalid={error ? true : undefined}
          className="min-h-11 w-full min-w-0 flex-1 rounded-md border border-slate-400 bg-white px-3 py-2 focus-visible:outline-2 focus-visible:outline-blue-700 aria-invalid:border-red-700"
          {...input}
        />
        {after}
      </div>
      {error !== undefined ? (
        <div aria-live="polite">
          {error ? (
            <p id={errorId} className="text-sm font-medium text-red-700">
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
