import { useState } from 'react';
import { WEAK_PASSWORD_MESSAGES } from '@contract/password-rules';
import { PASSWORD_RULES } from '@/lib/password-rules';
import type { Refusal } from '@/lib/password-refusal';
import { usePasswordProblem } from '@/lib/use-password-problem';
import { PasswordField } from './password-field';

/**
 * A password being chosen: the rules said before anything is typed, then the first rule it breaks said at the
 * field while it is typed, in the server's own words. "Too short" waits until the field is left, so the first
 * letters typed are not met with an error. The server's refusal of what was submitted shows here too, until
 * the password is edited.
 */
export function NewPasswordField({
  label = 'Password',
  name = 'new-password',
  value,
  onChange,
  email = '',
  refused = null,
}: {
  label?: string;
  name?: string;
  value: string;
  onChange: (value: string) => void;
  /** The address of the account, when known: a password made of it is refused. */
  email?: string;
  refused?: Refusal | null;
}) {
  const [left, setLeft] = useState(false);
  const problem = usePasswordProblem(value, email);
  const live = problem === WEAK_PASSWORD_MESSAGES.tooShort && !left ? null : problem;
  const error = refused?.password === value ? refused.sentence : live;
  return (
    <PasswordField
      label={label}
      name={name}
      autoComplete="new-password"
      hint={PASSWORD_RULES}
      error={error}
      value={value}
      onChange={onChange}
      onBlur={() => setLeft(value.length > 0)}
    />
  );
}
