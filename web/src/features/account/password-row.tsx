import { useState } from 'react';
import { Message } from '@/components/ui/message';
import { SettingRow } from '@/components/ui/setting-row';
import { useSessionUser } from '@/lib/session-store';
import { ChangePasswordForm } from './change-password-form';
import { SetPasswordForm } from './set-password-form';

/**
 * The Password row of /account/security: change it, or, for an account without one (DESIGN 13), set a first one
 * with a mailed code.
 */
export function PasswordRow() {
  const hasPassword = useSessionUser()?.has_password !== false;
  // What setting the first password said, kept once the row has turned into the change row.
  const [said, setSaid] = useState<string | null>(null);
  if (hasPassword)
    return (
      // Keyed apart: the row that takes the set row's place starts closed.
      <SettingRow
        key="change"
        title="Password"
        state={
          <>
            {said ? <Message tone="success">{said}</Message> : null}
            <p>Changing it signs out your other devices.</p>
          </>
        }
        action="Change password"
      >
        {(close) => <ChangePasswordForm onCancel={close} />}
      </SettingRow>
    );
  return (
    <SettingRow
      key="set"
      title="Password"
      state="Your account has no password: you sign in with a code sent to your address. You can set a password too."
      action="Set a password"
    >
      {(close) => <SetPasswordForm onCancel={close} onSet={setSaid} />}
    </SettingRow>
  );
}
