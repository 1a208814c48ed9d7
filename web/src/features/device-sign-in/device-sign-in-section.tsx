import { useState } from 'react';
import type { QrReply } from '@contract/qr';
import { Message } from '@/components/ui/message';
import { Button } from '@/components/ui/button';
import { SettingRow } from '@/components/ui/setting-row';
import { IdentityProofField, useIdentityProof } from '@/components/ui/identity-proof';
import { SubmitForm } from '@/components/ui/submit-form';
import { useAccountEvents } from '@/lib/account-events';
import { failure, success, useSubmission } from '@/lib/use-submission';
import { EMPTY_FIELD } from '@/lib/empty-field';
import { useSessionUser } from '@/lib/session-store';
import { checkPasswordForQrCode } from './api/check-password';
import { CopyableLink } from './copyable-link';
import { qrFailureMessage } from './qr-failure-message';
import { minutesAndSeconds, useSecondsLeft } from './use-countdown';

/**
 * "Sign in on another device": the password is confirmed, then a QR code and a link that sign in another
 * device once within 5 minutes. The page hears over the push channel when that device has signed in.
 */
export function DeviceSignInRow() {
  const byPassword = useSessionUser()?.has_password !== false;
  return (
    <SettingRow
      title="Sign in on another device"
      state={`Confirm ${byPassword ? 'your password' : 'it is you with a code we e-mail you'} to get a QR code. Scan it with the camera of the other device, or open its link there. It works once, within 5 minutes.`}
      action="Get a QR code"
    >
      {(close) => <DeviceSignIn onCancel={close} />}
    </SettingRow>
  );
}

function DeviceSignIn({ onCancel }: { onCancel: () => void }) {
  const identity = useIdentityProof();
  const [code, setCode] = useState<QrReply | null>(null);
  const [signedIn, setSignedIn] = useState(false);
  const { pending, outcome, submit, setOutcome } = useSubmission();
  const secondsLeft = useSecondsLeft(code?.expires_at ?? null);
  const expired = code !== null && secondsLeft === 0;

  useAccountEvents((event) => {
    if (event.event !== 'session_created') return;
    setSignedIn(true);
    // A QR token works once: after a QR sign-in the code on screen is spent.
    if (event.kind === 'qr') setCode(null);
  });

  function showCode() {
    const proof = identity.proof();
    if (!proof) return setOutcome(failure(identity.byPassword ? EMPTY_FIELD.qrPassword : identity.empty));
    setSignedIn(false);
    setCode(null);
    void submit(async () => {
      try {
        setCode(await checkPasswordForQrCode(proof));
      } catch (error) {
        return failure(qrFailureMessage(error, identity.byPassword));
      }
      identity.clear();
      return success('Scan the code with the other device, or open the link there.');
    });
  }

  return (
    <>
      <SubmitForm
        label="Sign in on another device"
        onSubmit={showCode}
        // Once the other device has signed in, that news replaces what the form said.
        submission={{ pending, outcome: signedIn ? null : outcome }}
        submitLabel="Show QR code"
        pendingLabel={identity.checking}
        actions={
          <Button variant="secondary" disabled={pending} onClick={onCancel}>
            Close
          </Button>
        }
      >
        <IdentityProofField proof={identity} label="Your password" name="qr-password" />
      </SubmitForm>
      {signedIn ? (
        <Message tone="success">A new device signed in. It stays signed in until you sign it out.</Message>
      ) : null}
      {code && !expired ? (
        <figure className="flex flex-col items-center gap-2">
          <img
            src={code.qr_code}
            alt="QR code that signs in another device"
            width={240}
            height={240}
            className="h-60 w-60 max-w-full"
          />
          <figcaption className="text-center" aria-live="off">
            This code expires in <span className="font-semibold">{minutesAndSeconds(secondsLeft)}</span>.
          </figcaption>
          <CopyableLink link={code.link} />
        </figure>
      ) : null}
      {expired ? (
        <Message tone="info">
          This code has expired.{' '}
          {identity.byPassword
            ? 'Confirm your password again for a new one.'
            : 'Ask for a new e-mailed code and enter it for a new one.'}
        </Message>
      ) : null}
    </>
  );
}
