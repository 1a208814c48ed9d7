import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { FormStatus } from '@/components/ui/form-status';
import { Page } from '@/components/ui/page';
import { Link } from '@/components/ui/link';
import { PASSWORD_RULES } from '@/lib/password-rules';
import { paths } from '@/lib/paths';
import { sessionStore } from '@/lib/session-store';
import { failure, useSubmission } from '@/lib/use-submission';
import { EMPTY_FIELD } from '@/lib/empty-field';
import { signUp } from './api/sign-up';
import { useReturnPath } from './return-to';

const WELCOME = 'Welcome! Your account has been created and you are signed in.';

export function SignupScreen() {
  const location = useLocation();
  const returnPath = useReturnPath();
  const navigate = useNavigate();
  const [alreadySignedIn] = useState(() => Boolean(sessionStore.token));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { pending, outcome, submit, setOutcome } = useSubmission();

  if (alreadySignedIn) return <Navigate to={returnPath} replace />;

  function create() {
    if (!email.trim()) return setOutcome(failure(EMPTY_FIELD.email));
    if (!password) return setOutcome(failure(EMPTY_FIELD.newAccountPassword));
    void submit(async () => {
      sessionStore.setUser(await signUp({ email: email.trim(), password }));
      await navigate(returnPath, { replace: true, state: { notice: WELCOME } });
    });
  }

  return (
    <Page title="Create your account">
      <Form onSubmit={create}>
        <Field
          label="E-mail"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Field
          label="Password"
          type="password"
          name="new-password"
          autoComplete="new-password"
          hint={PASSWORD_RULES}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="submit" disabled={pending}>
          Create account
        </Button>
        <FormStatus pending={pending} outcome={outcome} pendingLabel="Creating your account" />
      </Form>
      <p>
        Already have an account?{' '}
        <Link to={paths.login} state={location.state}>
          Sign in
        </Link>
      </p>
    </Page>
  );
}
