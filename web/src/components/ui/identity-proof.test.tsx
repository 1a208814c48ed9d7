import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session-store';
import { failure, useSubmission } from '@/lib/use-submission';
import { apiError, heldReply, stubApi } from '@/test/fetch-stub';
import { signedInUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import { IdentityProofField, useIdentityProof, type Proof } from './identity-proof';
import { SubmitForm } from './submit-form';

/** A confirming step as the features build one: what it would send, shown once submitted. */
function Step() {
  const identity = useIdentityProof();
  const submission = useSubmission();
  const [sent, setSent] = useState<Proof | null>(null);
  return (
    <SubmitForm
      onSubmit={() => {
        const proof = identity.proof();
        if (!proof) return submission.setOutcome(failure(identity.empty));
        setSent(proof);
      }}
      submission={submission}
      submitLabel="Go on"
      pendingLabel={identity.checking}
    >
      <IdentityProofField proof={identity} name="step-password" hint="Confirm your password to go on." />
      {sent ? <output aria-label="Sent">{JSON.stringify(sent)}</output> : null}
    </SubmitForm>
  );
}

describe('a confirming step', () => {
  it('asks an account with a password for it, as before', async () => {
    sessionStore.setUser(signedInUser);
    renderScreen(<Step />, { url: '/account' });
    expect(screen.queryByRole('button', { name: 'Email me a code' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go on' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your password.');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Go on' }));
    expect(screen.getByLabelText('Sent')).toHaveTextContent('{"password":"correct horse"}');
  });

  it('asks an account without a password for a mailed code: it sends one on request and passes {code}', async () => {
    sessionStore.setUser({ ...signedInUser, has_password: false });
    const held = heldReply({ status: 204 });
    const calls = stubApi(() => held.promise);
    renderScreen(<Step />, { url: '/account' });
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go on' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter the 6-digit code from the e-mail.');

    await userEvent.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(screen.getByRole('progressbar', { name: 'Sending the code' })).toBeInTheDocument();
    held.release();
    expect(await screen.findByText(/^We sent a 6-digit code to ada@example\.com\./)).toHaveTextContent(
      'It works for 10 minutes',
    );
    expect(screen.getByLabelText('Code from the e-mail')).toHaveFocus();
    expect(calls).toEqual([expect.objectContaining({ method: 'POST', path: '/api/v1/reauth_code' })]);

    await userEvent.type(screen.getByLabelText('Code from the e-mail'), '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Go on' }));
    expect(screen.getByLabelText('Sent')).toHaveTextContent('{"code":"123456"}');
  });

  it("shows the server's sentence when no code can be sent now", async () => {
    sessionStore.setUser({ ...signedInUser, has_password: false });
    stubApi(() =>
      apiError(429, 'too_many_requests', 'Too many requests. Please wait a moment and try again.'),
    );
    renderScreen(<Step />, { url: '/account' });
    await userEvent.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests.');
  });
});
