import { useEffect, useRef, useState } from 'react';
import { ERROR_VARIANTS } from '@contract/errors';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { SubmitForm } from '@/components/ui/submit-form';
import { NewPasswordField } from '@/components/ui/new-password-field';
import { refusalOf, type Refusal } from '@/lib/password-refusal';
import { useSessionUser } from '@/lib/session-store';
import { ApiError } from '@/lib/http-client';
import { failure, success, useSubmission } from '@/lib/use-submission';
import { EMPTY_FIELD } from '@/lib/empty-field';
import { changePassword } from './api/change-password';

/**
 * The current password, then the new one: two steps of one form, so the page shows one password field at a
 * time (DESIGN section 6). A current password the server refuses brings the first step back.
 */
export function ChangePasswordForm({ onCancel }: { onCancel?: () => void }) {
  const [step, setStep] = useState<'current' | 'new'>('current');
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [refused, setRefused] = useState<Refusal | null>(null);
  const email = useSessionUser()?.email ?? '';
  const submission = useSubmission();
  const { submit, setOutcome, pending } = submission;
  const frame = useRef<HTMLDivElement>(null);
  // Whoever went on to the new password types it next: its field takes the focus its step took away.
  useEffect(() => {
    if (step === 'new') frame.current?.querySelector('input')?.focus();
  }, [step]);

  function next() {
    if (!current) return setOutcome(failure(EMPTY_FIELD.currentPassword));
    setOutcome(null);
    setStep('new');
  }

  function change() {
    if (!password) return setOutcome(failure(EMPTY_FIELD.newPassword));
    void submit(async () => {
      try {
        await changePassword({ current_password: current, password });
      } catch (error) {
        setRefused(refusalOf(error, password));
        if (error instanceof ApiError && error.message === ERROR_VARIANTS.wrongCurrentPassword) {
          setCurrent('');
          setStep('current');
        }
        throw error;
      }
      setCurrent('');
      setPassword('');
      setStep('current');
      return success(
        'Your password has been changed. You stay signed in here; your other devices have been signed out and need the new password.',
      );
    });
  }

  const cancel = onCancel ? (
    <Button variant="secondary" disabled={pending} onClick={onCancel}>
      Cancel
    </Button>
  ) : null;

  if (step === 'current')
    return (
      <div ref={frame}>
        <SubmitForm
          label="Change password"
          onSubmit={next}
          submission={submission}
          submitLabel="Continue"
          pendingLabel="Changing your password"
          actions={cancel}
        >
          <PasswordField
            label="Current password"
            name="current-password"
            value={current}
            onChange={setCurrent}
          />
        </SubmitForm>
      </div>
    );

  return (
    <div ref={frame}>
      <SubmitForm
        label="Change password"
        onSubmit={change}
        submission={submission}
        submitLabel="Change password"
        pendingLabel="Changing your password"
        actions={
          <>
            <Button variant="secondary" disabled={pending} onClick={() => setStep('current')}>
              Back
            </Button>
            {cancel}
          </>
        }
      >
        <NewPasswordField
          label="New password"
          value={password}
          onChange={setPassword}
          email={email}
          refused={refused}
        />
      </SubmitForm>
    </div>
  );
}
