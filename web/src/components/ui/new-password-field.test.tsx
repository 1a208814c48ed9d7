import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { WEAK_PASSWORD_MESSAGES } from '@contract/password-rules';
import { PageConfigProvider } from '@/lib/page-config-context';
import type { Refusal } from '@/lib/password-refusal';
import { testConfig } from '@/test/render-screen';
import { NewPasswordField } from './new-password-field';

function Chosen({ email = 'ada.lovelace@example.com', refused }: { email?: string; refused?: Refusal }) {
  const [password, setPassword] = useState('');
  return (
    <PageConfigProvider value={testConfig}>
      <NewPasswordField value={password} onChange={setPassword} email={email} refused={refused} />
      <button type="button">Elsewhere</button>
    </PageConfigProvider>
  );
}

const field = () => screen.getByLabelText('Password');

describe('a new password field', () => {
  it('says the rules first, and no error before anything is typed', () => {
    render(<Chosen />);
    expect(field()).toHaveAccessibleDescription(/^Use 8 to 128 characters/);
    expect(field()).not.toHaveAttribute('aria-invalid');
  });

  it('says a common password is too common while it is typed, before any submit, tied to the input', async () => {
    render(<Chosen />);
    await userEvent.type(field(), 'password');
    expect(await screen.findByText(WEAK_PASSWORD_MESSAGES.common)).toBeInTheDocument();
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(field()).toHaveAccessibleDescription(expect.stringContaining(WEAK_PASSWORD_MESSAGES.common));
  });

  it('says a password made of the e-mail address, or of the name before its @, may not be used', async () => {
    render(<Chosen />);
    await userEvent.type(field(), 'ada.lovelace@example.com');
    expect(screen.getByText(WEAK_PASSWORD_MESSAGES.sameAsEmail)).toBeInTheDocument();
    await userEvent.clear(field());
    await userEvent.type(field(), 'Ada.Lovelace1815');
    expect(screen.getByText(WEAK_PASSWORD_MESSAGES.sameAsEmail)).toBeInTheDocument();
  });

  it("says a password made of the app's name, or one character repeated, may not be used", async () => {
    render(<Chosen />);
    await userEvent.type(field(), 'Moo-Moo-2026');
    expect(screen.getByText(WEAK_PASSWORD_MESSAGES.sameAsAppName)).toBeInTheDocument();
    await userEvent.clear(field());
    await userEvent.type(field(), 'zzzzzzzzzz');
    expect(screen.getByText(WEAK_PASSWORD_MESSAGES.repeated)).toBeInTheDocument();
  });

  it('says a password is too short only once the field is left', async () => {
    render(<Chosen />);
    await userEvent.type(field(), 'short');
    expect(screen.queryByText(WEAK_PASSWORD_MESSAGES.tooShort)).not.toBeInTheDocument();
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByText(WEAK_PASSWORD_MESSAGES.tooShort)).toBeInTheDocument();
    expect(field()).toHaveAttribute('aria-invalid', 'true');
  });

  it('says nothing of a long enough unusual password, even once the common list has arrived', async () => {
    render(<Chosen />);
    await userEvent.type(field(), 'password');
    await screen.findByText(WEAK_PASSWORD_MESSAGES.common);
    await userEvent.clear(field());
    await userEvent.type(field(), 'a quiet meadow at dawn');
    await userEvent.tab();
    expect(screen.queryByText(/Your password must|too common/)).not.toBeInTheDocument();
    expect(field()).not.toHaveAttribute('aria-invalid');
    expect(field()).toHaveAccessibleDescription(/^Use 8 to 128 characters/);
  });

  it("shows the server's refusal at the field for the password it refused, and drops it once that is edited", async () => {
    render(<Chosen refused={{ password: 'tr0ub4dor&3', sentence: 'Please choose a stronger password.' }} />);
    await userEvent.type(field(), 'tr0ub4dor&3');
    expect(field()).toHaveAccessibleDescription(
      expect.stringContaining('Please choose a stronger password.'),
    );
    await userEvent.type(field(), 'x');
    expect(screen.queryByText('Please choose a stronger password.')).not.toBeInTheDocument();
  });
});

describe('the show-password toggle', () => {
  it('shows what was typed and hides it again, saying its state with aria-pressed', async () => {
    render(<Chosen />);
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(field()).toHaveAttribute('type', 'password');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(field()).toHaveAttribute('type', 'text');
    expect(field()).toHaveAttribute('autocomplete', 'new-password');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(field()).toHaveAttribute('type', 'password');
  });
});
