import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Page } from '@/components/ui/page';
import { Link } from '@/components/ui/link';
import { PasswordField } from '@/components/ui/password-field';
import { SubmitForm } from '@/components/ui/submit-form';
import { paths } from '@/lib/paths';
import { sessionStore } from '@/lib/session-store';
import { failure, useSubmission } from '@/lib/use-submission';
import { EMPTY_FIELD } from '@/lib/empty-field';
import { login } from './api/login';
import {
  loginWithPasskey,
  passkeyFromAutofill,
  passkeysSupported,
  signInWithPasskey,
  stopPasskeyAutofill,
} from './api/login-with-passkey';
import { loginWithToken } from './api/login-with-token';
import { revokeToken } from './api/revoke-token';
import { handoffTokenFrom } from './handoff-token';
import { useReturnPath } from './return-to';
import { SwitchAccountPrompt } from './switch-account-prompt';
import { CodeStep } from './code-step';
import { EmailCodeStep } from './email-code-step';
import { requestSignInCode } from './api/request-sign-in-code';
import type { LoginReply, User } from '@contract/users';
import type { AuthenticationResponseJSON } from '@simplewebauthn/browser';

/** `alternatives`: other ways in, under the form (the app passes the provider buttons of DESIGN 14). */
export function LoginScreen({ alternatives }: { alternatives?: ReactNode } = {}) {
  const location = useLocation();
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const [handoffToken] = useState(() => handoffTokenFrom(location.hash));
  // Decided once: a person who is already signed in has nothing to do here, unless a code was handed over,
  // and then the page asks before it switches accounts.
  const [signedInAs] = useState(() => sessionStore.getUser()?.email ?? null);
  const [asking, setAsking] = useState(() => Boolean(handoffToken && sessionStore.token));
  const [alreadySignedIn] = useState(() => Boolean(sessionStore.token) && !handoffToken);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submission = useSubmission();
  const { pending, submit, setOutcome } = submission;
  const handoffStarted = useRef(false);
  const [canUsePasskeys, setCanUsePasskeys] = useState(false);
  /** The password was right and the account asks for a code: the challenge of that step. */
  const [challenge, setChallenge] = useState<string | null>(null);
  /** 'Email me a sign-in code' was pressed: the address the code went to, whose code the page now asks for. */
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  /** Counts the autofill requests: a new one starts after the button's prompt took the last one's place. */
  const [autofillRound, setAutofillRound] = useState(0);
  const showsForm = !alreadySignedIn && !asking && !challenge && !codeSentTo;

  useEffect(() => {
    passkeysSupported().then(setCanUsePasskeys, () => setCanUsePasskeys(false));
  }, []);

  // What a passkey picked from the autofill does; read by the request below, which outlives renders.
  const onAutofilled = useRef((passkey: AuthenticationResponseJSON) => void passkey);
  useEffect(() => {
    onAutofilled.current = (passkey) =>
      void submit(async () => {
        sessionStore.setUser(await signInWithPasskey(passkey));
        await navigate(returnPath, { replace: true });
      });
  });

  // Conditional UI: while the form shows, the e-mail field's autofill offers this site's passkeys.
  useEffect(() => {
    if (!showsForm) return;
    let live = true;
    passkeyFromAutofill().then(
      (passkey) => {
        if (live && passkey) onAutofilled.current(passkey);
      },
      // The options could not be had (offline, too many requests): the autofill just offers no passkey.
      () => undefined,
    );
    return () => {
      live = false;
      void stopPasskeyAutofill();
    };
  }, [showsForm, autofillRound]);

  const redeem = useCallback(
    (token: string) =>
      submit(async () => {
        const previous = sessionStore.token;
        const reply = await loginWithToken(token);
        // A provider's sign-in (DESIGN 14) still asks for the account's two-step code.
        if ('two_factor_required' in reply) return setChallenge(reply.challenge);
        sessionStore.setUser(reply);
        // The session this page held before is ended on the server, not just forgotten here.
        if (previous) await revokeToken(previous).catch(() => undefined);
        await navigate(returnPath, { replace: true });
      }),
    [navigate, returnPath, submit],
  );

  useEffect(() => {
    if (!handoffToken || handoffStarted.current) return;
    handoffStarted.current = true;
    // The token must not stay in the address bar or in the history once it has been read.
    void navigate(
      { pathname: location.pathname, search: location.search },
      { replace: true, state: location.state },
    );
    if (!asking) void redeem(handoffToken);
  }, [handoffToken, asking, location, navigate, redeem]);

  if (alreadySignedIn) return <Navigate to={returnPath} replace />;
  if (asking && handoffToken && signedInAs)
    return (
      <SwitchAccountPrompt
        email={signedInAs}
        onSwitch={() => {
          setAsking(false);
          void redeem(handoffToken);
        }}
        onStay={() => void navigate(returnPath, { replace: true })}
      />
    );

  function signIn() {
    if (!email.trim()) return setOutcome(failure(EMPTY_FIELD.email));
    if (!password) return setOutcome(failure(EMPTY_FIELD.password));
    void submit(async () => {
      const reply = await login({ email: email.trim(), password });
      setPassword('');
      await answered(reply);
    });
  }

  /** The password or the mailed code was right: signed in, or on to the two-step code. */
  async function answered(reply: LoginReply) {
    if ('two_factor_required' in reply) {
      setChallenge(reply.challenge);
      return;
    }
    await signedIn(reply);
  }

  function emailMeACode() {
    const address = email.trim();
    if (!address) return setOutcome(failure(EMPTY_FIELD.email));
    void submit(async () => {
      await requestSignInCode(address);
      setPassword('');
      setCodeSentTo(address);
    });
  }

  async function signedIn(user: User) {
    sessionStore.setUser(user);
    await navigate(returnPath, { replace: true });
  }

  if (challenge)
    return (
      <Page title="Sign in">
        <CodeStep
          challenge={challenge}
          onSignedIn={signedIn}
          onStartOver={() => {
            setChallenge(null);
            setCodeSentTo(null);
          }}
          startOverLabel={codeSentTo ? 'Start again' : undefined}
        />
      </Page>
    );

  if (codeSentTo)
    return (
      <Page title="Sign in">
        <EmailCodeStep email={codeSentTo} onReply={answered} onStartOver={() => setCodeSentTo(null)} />
      </Page>
    );

  function signInWithPasskeyPrompt() {
    void submit(async () => {
      try {
        sessionStore.setUser(await loginWithPasskey());
      } catch (error) {
        // The prompt took the autofill request's place; the field offers passkeys again.
        setAutofillRound((round) => round + 1);
        throw error;
      }
      await navigate(returnPath, { replace: true });
    });
  }

  return (
    <Page title="Sign in">
      <SubmitForm
        onSubmit={signIn}
        submission={submission}
        submitLabel="Sign in"
        pendingLabel="Signing in"
        wide
        actions={
          <>
            {canUsePasskeys ? (
              <Button variant="secondary" disabled={pending} onClick={signInWithPasskeyPrompt}>
                Sign in with a passkey
              </Button>
            ) : null}
            <Button variant="secondary" disabled={pending} onClick={emailMeACode}>
              Email me a sign-in code
            </Button>
          </>
        }
      >
        <Field
          label="E-mail"
          type="email"
          name="email"
          autoComplete="username webauthn"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <PasswordField name="password" value={password} onChange={setPassword} />
        <Link to={paths.resetPassword} className="self-start">
          Forgot password?
        </Link>
      </SubmitForm>
      {alternatives}
      <p>
        New here?{' '}
        <Link to={paths.signup} state={location.state}>
          Create an account
        </Link>
      </p>
    </Page>
  );
}
