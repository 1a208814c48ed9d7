import { useState } from 'react';
import { useParams } from 'react-router';
import { API_PATHS } from '@contract/api-paths';
import { CheckedLinkForm } from '@/components/ui/checked-link';
import { NewPasswordFields } from '@/components/ui/new-password-fields';
import { Page } from '@/components/ui/page';
import { Link } from '@/components/ui/link';
import { ApiError, sentenceOf } from '@/lib/http-client';
import { paths } from '@/lib/paths';
import { sessionStore } from '@/lib/session-store';
import { refusalOf, type Refusal } from '@/lib/password-refusal';
import { failure, success, useSubmission } from '@/lib/use-submission';
import { EMPTY_FIELD } from '@/lib/empty-field';
import { changePasswordWithToken } from './api/change-password-with-token';

const askAgain = <Link to={paths.resetPassword}>Ask for a new link</Link>;

export function ChangePasswordScreen() {
  const { password_hash: token = '' } = useParams();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [refused, setRefused] = useState<Refusal | null>(null);
  const [changed, setChanged] = useState(false);
  const submission = useSubmission();
  const { submit, setOutcome } = submission;

  function change() {
    if (!password) return setOutcome(failure(EMPTY_FIELD.newPassword));
    if (password !== repeat)
      return setOutcome(failure('The two passwords do not match. Please type them again.'));
    // A change through a reset link signs out every session, this browser's included: said before the
    // call, the `signed_out` push that may come before the reply is known as this page's own.
    const ending = sessionStore.token;
    void submit(async () => {
      if (ending) sessionStore.announceSignOut(ending);
      try {
        await changePasswordWithToken({ password_hash: token, password });
      } catch (error) {
        if (ending) sessionStore.withdrawSignOut(ending);
        setRefused(refusalOf(error, password));
        if (error instanceof ApiError && error.code === 'invalid_reset_token') {
          return failure(
            <>
              {sentenceOf(error)} {askAgain}
            </>,
          );
        }
        throw error;
      }
      if (ending) sessionStore.signOut({ reason: 'password_reset', token: ending });
      setChanged(true);
      return success(
        <>
          Your password has been changed. <Link to={paths.login}>Sign in</Link> with your new password.
        </>,
      );
    });
  }

  return (
    <Page title="Choose a new password">
      {/* A used or expired link says so before anyone types two passwords (decision 168). */}
      <CheckedLinkForm
        path={API_PATHS.checkResetLink}
        token={token}
        next={askAgain}
        done={changed}
        onSubmit={change}
        submission={submission}
        submitLabel="Change password"
        pendingLabel="Changing your password"
      >
        <NewPasswordFields
          password={password}
          repeat={repeat}
          onPassword={setPassword}
          onRepeat={setRepeat}
          refused={refused}
        />
      </CheckedLinkForm>
    </Page>
  );
}
