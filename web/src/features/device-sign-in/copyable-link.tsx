import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';

/**
 * The sign-in link as text to copy, not as a link: following it here would spend the one-time token on
 * this device instead of the other one.
 */
export function CopyableLink({ link }: { link: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      // Without clipboard access the text is selected, so the person can copy it by hand.
      (document.getElementById(id) as HTMLInputElement | null)?.select();
    }
  }

  return (
    <div className="flex w-full flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        Link for the other device
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={id}
          readOnly
          value={link}
          onFocus={(event) => event.target.select()}
          className="min-h-11 min-w-0 flex-1 rounded-md border border-slate-400 bg-slate-50 px-3 py-2 text-sm"
        />
        <Button variant="secondary" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy link'}
        </Button>
      </div>
    </div>
  );
}
