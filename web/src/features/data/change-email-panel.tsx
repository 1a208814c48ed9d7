import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { FormStatus } from '@/components/ui/form-status';
import { Panel } from '@/components/ui/panel';
import { EMPTY_FIELD } from '@/lib/empty-field';
import { failure, success, useSubmission } from '@/lib/use-submission';
import { requestEmailChange } from './api/request-email-change';

/** DESIGN section 12: the new address must confirm itself through a mailed link. */
export function ChangeEmailPanel() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { pending, outcome, submit, setOutcome } = useSubmission();

  function change() {
    const address = email.trim();
    if (!address) return setOutcome(failure('Please enter the new e-mail address.'));
    if (!password) return setOutcome(failure(EMPTY_FIELD.password));
    void submit(async () => {
      await requestEmailChange({ email: address, password });
      setEmail('');
      setPassword('');
      return success(
        `We sent a link to ${address}. Open it within 60 minutes to make it your address; until then, your account keeps its current one.`,
      );
    });
  }

  return (
    <Panel title="Change e-mail">
      <Form onSubmit={change} label="Change e-mail">
        <Field
          label="New e-mail address"
          type="email"
          name="new-email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Field
          label="Password"
          hint="Your current password, to show it is you."
          type="password"
          name="email-change-password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="submit" disabled={pending} className="self-start">
          Change e-mail
        </Button>
        <FormStatus pending={pending} outcome={outcome} pendingLabel="Sending the link" />
      </Form>
    </Panel>
  );
}
