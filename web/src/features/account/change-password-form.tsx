import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { FormStatus } from '@/components/ui/form-status';
import { NewPasswordFields } from '@/components/ui/new-password-fields';
import { failure, success, useSubmission } from '@/lib/use-submission';
import { EMPTY_FIELD } from '@/lib/empty-field';
import { changePassword } from './api/change-password';

export function ChangePasswordForm() {
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const { pending, outcome, submit, setOutcome } = useSubmission();

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
    <Form onSubmit={change} label="Change password">
      <Field
        label="Current password"
        type="password"
        name="current-password"
        autoComplete="current-password"
        value={current}
        onChange={(event) => setCurrent(event.target.value)}
      />
      <NewPasswordFields password={password} repeat={repeat} onPassword={setPassword} onRepeat={setRepeat} />
      <Button type="submit" disabled={pending}>
        Change password
      </Button>
      <FormStatus pending={pending} outcome={outcome} pendingLabel="Changing your password" />
    </Form>
  );
}
