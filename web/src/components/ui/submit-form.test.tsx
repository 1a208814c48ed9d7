import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/http-client';
import { failure, success, useSubmission, type Outcome } from '@/lib/use-submission';
import { Button } from './button';
import { PasswordField } from './password-field';
import { SubmitForm } from './submit-form';

/** A form as a screen writes it: one password, checked for emptiness, then a call the test answers. */
function ConfirmForm({ call }: { call: (password: string) => Promise<Outcome> }) {
  const [password, setPassword] = useState('');
  const [cancelled, setCancelled] = useState(false);
  const submission = useSubmission();
  function confirm() {
    if (!password) return submission.setOutcome(failure('Please enter your password.'));
    void submission.submit(() => call(password));
  }
  return (
    <>
      <SubmitForm
        label="Confirm it is you"
        onSubmit={confirm}
        submission={submission}
        submitLabel="Confirm"
        pendingLabel="Checking your password"
        danger
        actions={
          <Button variant="secondary" onClick={() => setCancelled(true)}>
            Cancel
          </Button>
        }
      >
        <PasswordField
          hint="The one you sign in with."
          name="confirm-password"
          value={password}
          onChange={setPassword}
        />
      </SubmitForm>
      {cancelled ? <p>Cancelled</p> : null}
    </>
  );
}

describe('SubmitForm with a PasswordField', () => {
  it('is a named form: a labelled password input with its hint and show toggle, the submit button, then the other actions', () => {
    render(<ConfirmForm call={async () => success('Done.')} />);
    const form = screen.getByRole('form', { name: 'Confirm it is you' });
    expect(form).toHaveAttribute('novalidate');
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveAttribute('autocomplete', 'current-password');
    expect(input).toHaveAccessibleDescription('The one you sign in with.');
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Show password',
      'Confirm',
      'Cancel',
    ]);
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveAttribute('type', 'button');
  });

  it('says what is missing before any call, in its message area, focused', async () => {
    let calls = 0;
    render(
      <ConfirmForm
        call={async () => {
          calls += 1;
          return success('Done.');
        }}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your password.');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus());
    expect(calls).toBe(0);
  });

  it('waits with the progress bar and a disabled button, then says what happened, focused', async () => {
    let answer: (outcome: Outcome) => void = () => {};
    render(<ConfirmForm call={() => new Promise((resolve) => (answer = resolve))} />);
    await userEvent.type(screen.getByLabelText('Password'), 'my secret');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('progressbar', { name: 'Checking your password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    answer(success('Done.'));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Done.');
    await waitFor(() => expect(status).toHaveFocus());
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeEnabled();
  });

  it('has the focus on the message from the moment the message appears, not a task later', async () => {
    let answer: (outcome: Outcome) => void = () => {};
    render(<ConfirmForm call={() => new Promise((resolve) => (answer = resolve))} />);
    await userEvent.type(screen.getByLabelText('Password'), 'my secret');
    await userEvent.keyboard('{Enter}');
    // Looked at in the microtask after the DOM change that adds the message, before any later task runs: a
    // screen reader told of the new node finds the focus already there.
    const focusedWhenShown = new Promise<boolean>((resolve) => {
      const observer = new MutationObserver(() => {
        const status = document.querySelector('[role="status"]');
        if (!status) return;
        observer.disconnect();
        resolve(document.activeElement === status);
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    answer(success('Done.'));
    expect(await focusedWhenShown).toBe(true);
  });

  it("shows the server's sentence when the call fails", async () => {
    render(
      <ConfirmForm
        call={() => Promise.reject(new ApiError(403, 'That password is not correct. Please try again.'))}
      />,
    );
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That password is not correct. Please try again.',
    );
  });

  it('runs the other actions without submitting', async () => {
    let calls = 0;
    render(
      <ConfirmForm
        call={async () => {
          calls += 1;
          return success('Done.');
        }}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toBe(0);
  });
});
