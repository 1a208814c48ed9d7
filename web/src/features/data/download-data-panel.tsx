import { Button } from '@/components/ui/button';
import { FormStatus } from '@/components/ui/form-status';
import { Panel } from '@/components/ui/panel';
import { saveFile } from '@/lib/save-file';
import { success, useSubmission } from '@/lib/use-submission';
import { exportData } from './api/export-data';

/** DESIGN section 12: everything the app holds about the person, as one JSON file. */
export function DownloadDataPanel() {
  const { pending, outcome, submit } = useSubmission();

  function download() {
    void submit(async () => {
      const file = await exportData();
      saveFile(file);
      return success(`Your data was saved as ${file.filename}.`);
    });
  }

  return (
    <Panel title="Download your data">
      <p>
        A file (JSON) with everything we keep about you: your account, where you are signed in, your
        subscriptions, your sign-in methods and the security events of your account. It holds no password and
        no secret code.
      </p>
      <Button onClick={download} disabled={pending} className="self-start">
        Download your data
      </Button>
      <FormStatus pending={pending} outcome={outcome} pendingLabel="Preparing your data" />
    </Panel>
  );
}
