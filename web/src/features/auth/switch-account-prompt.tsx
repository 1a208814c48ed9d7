import { Button } from '@/components/ui/button';
import { Page } from '@/components/ui/page';

/**
 * Shown when a QR link is opened in a page that is already signed in: nothing changes until the person
 * says so. The code's account is unknown until the code is redeemed, so the question names only the
 * current one.
 */
export function SwitchAccountPrompt({
  email,
  onSwitch,
  onStay,
}: {
  email: string;
  onSwitch: () => void;
  onStay: () => void;
}) {
  return (
    <Page title="Sign in with a code">
      <p>{`You are signed in as ${email}. Sign in with this code instead?`}</p>
      <div className="flex flex-wrap gap-3">
        <Button onClick={onSwitch}>Sign in with the code</Button>
        <Button variant="secondary" onClick={onStay}>
          Stay signed in
        </Button>
      </div>
    </Page>
  );
}
