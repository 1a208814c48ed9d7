import type { ReactNode } from 'react';
import type { Outcome } from '@/lib/use-submission';
import { Button } from './button';
import { Form } from './form';
import { FormStatus } from './form-status';

/**
 * The one shape of the app's forms: the fields, one submit button (with any other actions of the form
 * beside it), then the waiting bar and the message area of the submission (`useSubmission`). The button
 * is disabled while the submission is under way.
 */
export function SubmitForm({
  label,
  onSubmit,
  submission,
  submitLabel,
  pendingLabel,
  danger = false,
  actions,
  wide = false,
  children,
}: {
  /** Names the form for screen readers, when the page holds more than one. */
  label?: string;
  onSubmit: () => void;
  submission: { pending: boolean; outcome: Outcome | null };
  /** The submit button's words. */
  submitLabel: string;
  /** Names the waiting bar, e.g. 'Changing your password'. */
  pendingLabel: string;
  /** A step that cannot be undone (delete, turn off): the destructive button. */
  danger?: boolean;
  /** Other buttons of the form (Cancel, another way in), after the submit button; they say when they are disabled. */
  actions?: ReactNode;
  /** A form that is the whole page: its buttons share the full width. In a panel they keep their size. */
  wide?: boolean;
  children: ReactNode;
}) {
  const { pending, outcome } = submission;
  return (
    <Form onSubmit={onSubmit} label={label}>
      {children}
      <div className={`flex flex-wrap gap-2 ${wide ? '*:grow' : ''}`}>
        <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={pending}>
          {submitLabel}
        </Button>
        {actions}
      </div>
      <FormStatus pending={pending} outcome={outcome} pendingLabel={pendingLabel} />
    </Form>
  );
}
