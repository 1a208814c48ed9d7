import { PASSWORD_RULES } from '@/lib/password-rules';
import { PasswordField } from './password-field';

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
      <PasswordField
        label="New password"
        name="new-password"
        autoComplete="new-password"
        hint={PASSWORD_RULES}
        value={password}
        onChange={onPassword}
      />
      <PasswordField
        label="Repeat the new password"
        name="repeat-password"
        autoComplete="new-password"
        value={repeat}
        onChange={onRepeat}
      />
    </>
  );
}
