import { useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Field } from '@/components/ui/field';
import { Page } from '@/components/ui/page';
import { Link } from '@/components/ui/link';
import { NewPasswordField } from '@/components/ui/new-password-field';
import { SubmitForm } from '@/components/ui/submit-form';
import { refusalOf, type Refusal } from '@/lib/password-refusal';
import { paths } from '@/lib/paths';
import { sessionStore } from '@/lib/session-store';
import { failure, useSubmission } from '@/lib/use-submission';
import { EMPTY_FIELD } from '@/lib/empty-field';
import { signUp } from './api/sign-up';
import { useReturnPath } from './return-to';

const WELCOME = 'Welcome! Your account has been created and you are signed in.';

/** `alternatives`: other ways in, under the form (the app passes the provider buttons of DESIGN 14). */
export function SignupScreen({ alternatives }: { alternatives?: ReactNode } = {}) {
  const location = useLocation();
  const returnPath = useReturnPath();
  const navigate = useNavigate();
  const [alreadySignedIn] = useState(() => Boolean(sessionStore.token));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [refused, setRefused] = useState<Refusal | null>(null);
  const submission = useSubmission();
  const { submit, setOutcome } = submission;

  if (alreadySignedIn) return <Navigate to={returnPath} replace />;

  function create() {
    if (!email.trim()) return setOutcome(failure(EMPTY_FIELD.email));
    if (!password) return setOutcome(failure(EMPTY_FIELD.newAccountPassword));
    void submit(async () => {
      try {
        sessionStore.setUser(await signUp({ email: email.trim(), password }));
      } catch (error) {
        setRefused(refusalOf(error, password));
        throw error;
      }
      await navigate(returnPath, { replace: true, state: { notice: WELCOME } });
    });
  }

  return (
    <Page title="Create your account">
      <SubmitForm
        onSubmit={create}
        submission={submission}
        submitLabel="Create account"
        pendingLabel="Creating your account"
        wide
      >
        <Field
          label="E-mail"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <NewPasswordField value={password} onChange={setPassword} email={email} refused={refused} />
      </SubmitForm>
      {alternatives}
      <p>
        Already have an account?{' '}
        <Link to={paths.login} state={location.state}>
          Sign in
        </Link>
      </p>
    </Page>
  );
}
