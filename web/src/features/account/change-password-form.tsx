import { useState } from 'react';
import { NewPasswordFields } from '@/components/ui/new-password-fields';
import { PasswordField } from '@/components/ui/password-field';
import { SubmitForm } from '@/components/ui/submit-form';
import { failure, success, useSubmission } from '@/lib/use-submission';
import { EMPTY_FIELD } from '@/lib/empty-field';
import { changePassword } from './api/change-password';

export function ChangePasswordForm() {
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const submission = useSubmission();
  const { submit, setOutcome } = submission;

  function change() {
    if (!current) return setOutcome(failure(EMPTY_FIELD.currentPassword));
    if (!password) return setOutcome(failure(EMPTY_FIELD.newPassword));
    if (password !== repeat)
      return setOutcome(failure('The two new passwords do not match. Please type them again.'));
    void submit(async () => {
      await changePassword({ current_password: current, password });
      setCurrent('');
      setPassword('');
      setRepeat('');
      return success(
        'Your password has been changed. You stay signed in here; your other devices have been signed out and need the new password.',
      );
    });
  }

  return (
    <SubmitForm
      label="Change password"
      onSubmit={change}
      submission={submission}
      submitLabel="Change password"
      pendingLabel="Changing your password"
    >
      <PasswordField label="Current password" name="current-password" value={current} onChange={setCurrent} />
      <NewPasswordFields password={password} repeat={repeat} onPassword={setPassword} onRepeat={setRepeat} />
    </SubmitForm>
  );
}
