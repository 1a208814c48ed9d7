import { PASSWORD_RULES } from '@/lib/password-rules';
import { Field } from './field';

/** A new password, with the rules explained before any error, and the same password once more. */
export function NewPasswordFields({
  password,
  repeat,
  onPassword,
  onRepeat,
}: {
  password: string;
  repeat: string;
  onPassword: (value: string) => void;
  onRepeat: (value: string) => void;
}) {
  return (
    <>
      <Field
        label="New password"
        type="password"
        name="new-password"
        autoComplete="new-password"
        hint={PASSWORD_RULES}
        value={password}
        onChange={(event) => onPassword(event.target.value)}
      />
      <Field
        label="Repeat the new password"
        type="password"
        name="repeat-password"
        autoComplete="new-password"
        value={repeat}
        onChange={(event) => onRepeat(event.target.value)}
      />
    </>
  );
}
