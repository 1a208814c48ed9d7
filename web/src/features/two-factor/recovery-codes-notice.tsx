import { Button } from '@/components/ui/button';
import { Message } from '@/components/ui/message';
import { saveFile } from '@/lib/save-file';

/** Codes just made, and the sentence that says what happened. */
export interface ShownCodes {
  codes: string[];
  headline: string;
}

const FILE_NAME = 'recovery-codes.txt';

/** Hands the codes to the browser as a text file. */
function download(codes: string[], appName: string) {
  const text = [`${appName} recovery codes`, 'Each code signs in once.', '', ...codes, ''].join('\n');
  saveFile({ text, filename: FILE_NAME, type: 'text/plain' });
}

/** The ten codes, shown this once: the server keeps only their hashes. */
export function RecoveryCodesNotice({
  codes,
  headline,
  appName,
  onDone,
}: {
  codes: string[];
  headline: string;
  appName: string;
  onDone: () => void;
}) {
  return (
    <div className="flex flex-col gap-3">
      <Message tone="success">{headline}</Message>
      <p>
        Save these recovery codes somewhere safe, away from your phone. If you lose your authenticator app,
        each code signs you in once. <strong>They are shown only now.</strong>
      </p>
      <ul aria-label="Your recovery codes" className="grid grid-cols-1 gap-1 font-mono sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => download(codes, appName)}>
          Download the codes
        </Button>
        <Button onClick={onDone}>I have saved my recovery codes</Button>
      </div>
    </div>
  );
}
