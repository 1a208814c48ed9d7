import { useState, type FocusEventHandler, type ReactNode } from 'react';
import { Field } from './field';

/**
 * A password input with its label: the one the person has now unless `autoComplete` says new-password,
 * so browsers and password managers offer the right thing. The browser's own checks stay off (see Form).
 * A toggle beside it shows what was typed, so nobody has to type a new password twice to be sure of it.
 */
export function PasswordField({
  label = 'Password',
  name,
  value,
  onChange,
  onBlur,
  hint,
  error,
  placeholder,
  autoComplete = 'current-password',
}: {
  label?: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  hint?: ReactNode;
  /** As Field's: undefined for no error area, null for an empty one. */
  error?: ReactNode;
  placeholder?: string;
  autoComplete?: 'current-password' | 'new-password';
}) {
  const [shown, setShown] = useState(false);
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      type={shown ? 'text' : 'password'}
      name={name}
      autoComplete={autoComplete}
      // What is shown is still a password: no spelling fixes, no capital added to its first letter.
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      after={
        // A toggle keeps its name and says its state with aria-pressed; the pressed look is dark. The name is in
        // its text, not an aria-label, so the input stays the only thing labelled 'Password'.
        <button
          type="button"
          aria-pressed={shown}
          onClick={() => setShown((was) => !was)}
          className="min-h-11 shrink-0 rounded-md border border-slate-500 bg-white px-3 py-2 text-sm font-medium text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 aria-pressed:border-slate-800 aria-pressed:bg-slate-800 aria-pressed:text-white"
        >
          Show <span className="sr-only">{label.toLowerCase()}</span>
        </button>
      }
    />
  );
}
