import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Form } from '../../components/ui/form';
import { FormStatus } from '../../components/ui/form-status';
import { Page } from '../../components/ui/page';
import { TextLink } from '../../components/ui/text-link';
import { paths } from '../../lib/paths';
import { sessionStore } from '../../lib/session-store';
import { failure, useSubmission } from '../../lib/use-submission';
import { login } from './api/login';
import { loginWithToken } from './api/login-with-token';
import { handoffTokenFrom } from './handoff-token';
import { useReturnPath } from './return-to';

export function LoginScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const [handoffToken] = useState(() => handoffTokenFrom(location.hash));
  // Decided once: a person who is already signed in has nothing to do here, unless a token was handed over.
  const [alreadySignedIn] = useState(() => Boolean(sessionStore.token) && !handoffToken);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { pending, outcome, submit, setOutcome } = useSubmission();
  const handoffStarted = useRef(false);

  useEffect(() => {
    if (!handoffToken || handoffStarted.current) return;
    handoffStarted.current = true;
    // The token must not stay in the address bar or in the history once it has been read.
    void navigate(
      { pathname: location.pathname, search: location.search },
      { replace: true, state: location.state },
    );
    void submit(async () => {
      sessionStore.setUser(await loginWithToken(handoffToken));
      await navigate(returnPath, { replace: true });
    });
  }, [handoffToken, location, navigate, returnPath, submit]);

  if (alreadySignedIn) return <Navigate to={returnPath} replace />;

  function signIn() {
    if (!email.trim()) return setOutcome(failure('Please enter your e-mail address.'));
    if (!password) return setOutcome(failure('Please enter your password.'));
    void submit(async () => {
      sessionStore.setUser(await login({ email: email.trim(), password }));
      await navigate(returnPath, { replace: true });
    });
  }

  return (
    <Page title="Sign in">
      <Form onSubmit={signIn}>
        <Field
          label="E-mail"
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Field
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <TextLink to={paths.resetPassword} className="self-start">
          Forgot password?
        </TextLink>
        <Button type="submit" disabled={pending}>
          Sign in
        </Button>
        <FormStatus pending={pending} outcome={outcome} pendingLabel="Signing in" />
      </Form>
      <p>
        New here?{' '}
        <TextLink to={paths.signup} state={location.state}>
          Create an account
        </TextLink>
      </p>
    </Page>
  );
}
