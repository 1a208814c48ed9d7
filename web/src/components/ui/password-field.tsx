import type { ReactNode } from 'react';
import { Field } from './field';

/**
 * A password input with its label: the one the person has now unless `autoComplete` says new-password,
 * so browsers and password managers offer the right thing. The browser's own checks stay off (see Form).
 */
export function PasswordField({
  label = 'Password',
  name,
  value,
  onChange,
  hint,
  placeholder,
  autoComplete = 'current-password',
}: {
  label?: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  hint?: ReactNode;
  placeholder?: string;
  autoComplete?: 'current-password' | 'new-password';
}) {
  return (
    <Field
      label={label}
      hint={hint}
      type="password"
      name={name}
      autoComplete={autoComplete}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
