import type { Refusal } from '@/lib/password-refusal';
import { NewPasswordField } from './new-password-field';
import { PasswordField } from './password-field';

/** A new password, checked as it is typed (NewPasswordField), and the same password once more. */
export function NewPasswordFields({
  password,
  repeat,
  onPassword,
  onRepeat,
  refused,
}: {
  password: string;
  repeat: string;
  onPassword: (value: string) => void;
  onRepeat: (value: string) => void;
  refused?: Refusal | null;
}) {
  return (
    <>
      <NewPasswordField label="New password" value={password} onChange={onPassword} refused={refused} />
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
