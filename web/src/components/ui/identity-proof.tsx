import { useRef, useState, type ReactNode } from 'react';
import { EMAIL_CODE_MINUTES } from '@contract/email-codes';
import { EMPTY_FIELD } from '@/lib/empty-field';
import { requestReauthCode } from '@/lib/reauth-code';
import { useSessionUser } from '@/lib/session-store';
import { success, useSubmission } from '@/lib/use-submission';
import { Button } from './button';
import { Field } from './field';
import { Message } from './message';
import { PasswordField } from './password-field';
import { ProgressBar } from './progress-bar';

/** What a confirming call takes to show it is the owner: the password, or a code from POST /api/v1/reauth_code. */
export type Proof = { password: string } | { code: string };

export interface IdentityProof {
  /** The account has a password, so it is asked; without one (DESIGN 13), a mailed code is. */
  byPassword: boolean;
  value: string;
  setValue: (value: string) => void;
  /** The body part of the confirming call, or null while the field is empty. */
  proof: () => Proof | null;
  /** What the form says, before any call, when the field is empty. */
  empty: string;
  /** The waiting bar's words while the step checks the proof. */
  checking: string;
  clear: () => void;
}

/**
 * The one way a confirming step (two-step set-up and turning it off, new recovery codes, an e-mail change,
 * removing the last passkey, the QR code, the fresh-authentication prompt) asks who it is: the password, or,
 * for an account that has none, a code mailed on request. Shown with `IdentityProofField`.
 */
export function useIdentityProof(): IdentityProof {
  // A user stored before DESIGN 13 has no `has_password`: it had a password, as every account then did.
  const byPassword = useSessionUser()?.has_password !== false;
  const [value, setValue] = useState('');
  return {
    byPassword,
    value,
    setValue,
    proof: () => {
      if (byPassword) return value ? { password: value } : null;
      const code = value.replace(/\s+/g, '');
      return code ? { code } : null;
    },
    empty: byPassword ? EMPTY_FIELD.password : EMPTY_FIELD.mailedCode,
    checking: byPassword ? 'Checking your password' : 'Checking the code',
    clear: () => setValue(''),
  };
}

/**
 * The field of `useIdentityProof`: a password field with the step's hint, or 'Email me a code' and the field
 * for that code. `hint` says why the password is asked; the code's own words say why a code is.
 */
export function IdentityProofField({
  proof,
  name,
  label = 'Password',
  hint,
}: {
  proof: IdentityProof;
  name: string;
  label?: string;
  hint?: ReactNode;
}) {
  if (proof.byPassword)
    return (
      <PasswordField label={label} hint={hint} name={name} value={proof.value} onChange={proof.setValue} />
    );
  return <MailedCodeField name={name} value={proof.value} onChange={proof.setValue} />;
}

const minutes = EMAIL_CODE_MINUTES.reauth;

function MailedCodeField({
  name,
  value,
  onChange,
}: {
  name: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const email = useSessionUser()?.email ?? 'your address';
  const sending = useSubmission();
  const field = useRef<HTMLDivElement>(null);

  function send() {
    void sending.submit(async () => {
      await requestReauthCode();
      // Whoever asked for the code types it next.
      field.current?.querySelector('input')?.focus();
      return success(
        `We sent a 6-digit code to ${email}. It works for ${minutes} minutes; a code sent before it no longer works.`,
      );
    });
  }

  return (
    <div className="flex flex-col gap-2">
      <p>Your account has no password, so a code we e-mail you shows that it is you.</p>
      <Button variant="secondary" className="self-start" disabled={sending.pending} onClick={send}>
        Email me a code
      </Button>
      {sending.pending ? <ProgressBar label="Sending the code" /> : null}
      {/* Not focused, unlike a form's outcome: the code field takes the focus. */}
      {sending.outcome ? <Message tone={sending.outcome.tone}>{sending.outcome.text}</Message> : null}
      <div ref={field}>
        <Field
          label="Code from the e-mail"
          name={name}
          inputMode="numeric"
          autoComplete="one-time-code"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
    </div>
  );
}
