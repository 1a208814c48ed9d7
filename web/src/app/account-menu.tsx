import { useEffect, useId, useRef, useState, type FocusEvent } from 'react';
import { Link } from '@/components/ui/link';
import { ProgressBar } from '@/components/ui/progress-bar';
import { paths } from '@/lib/paths';
import { planName } from '@/lib/plan-names';
import { useSubscription } from '@/lib/subscription';

export const ACCOUNT_MENU_TEXTS = {
  yourPlan: 'Your plan',
  noPlan: 'No plan yet.',
  seePlans: 'See the plans',
  settings: 'Account settings',
} as const;

/**
 * The toolbar's account menu (decision 165): who is signed in, the plan held, linked to /account/billing, and
 * the way to the settings. A disclosure, not an ARIA menu: its items are plain links, read and reached in
 * order. Escape closes it and gives the focus back to its button; so does a click or the focus leaving it.
 */
export function AccountMenu({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  // Tab out of it closes it. A click on the panel's text moves the focus nowhere (no related target): that
  // stays open, and a click outside is the pointer handler's.
  const leave = (event: FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    if (next && !root.current?.contains(next)) setOpen(false);
  };
  const close = () => setOpen(false);

  return (
    // The panel hangs from the toolbar's right edge (the toolbar is its positioned parent), so it fits a phone.
    <div ref={root} onBlur={open ? leave : undefined}>
      {/* Named as the link it replaced, 'Your account: <e-mail>', the address being what is seen. */}
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`Your account: ${email}`}
        onClick={() => setOpen((now) => !now)}
        className="flex max-w-[45vw] items-center gap-1 rounded px-2 py-1 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-white"
      >
        <span className="truncate">{email}</span>
        <span aria-hidden="true">▾</span>
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="toolbar-panel absolute top-full right-4 z-20 mt-1 w-72 max-w-[calc(100vw-2rem)] rounded-lg border border-slate-300 bg-white p-4 text-slate-900 shadow-lg"
      >
        {open ? <MenuContent email={email} close={close} /> : null}
      </div>
    </div>
  );
}

function MenuContent({ email, close }: { email: string; close: () => void }) {
  return (
    <div className="flex flex-col gap-3">
      <p className="flex flex-col">
        <span className="text-sm text-slate-700">Signed in as</span>{' '}
        <span className="truncate font-medium">{email}</span>
      </p>
      <PlanLine close={close} />
      <Link to={paths.account} onClick={close} className="self-start">
        {ACCOUNT_MENU_TEXTS.settings}
      </Link>
    </div>
  );
}

/** The plan held, read when the menu opens and kept current by the pushes while it is open. */
function PlanLine({ close }: { close: () => void }) {
  const { data: subscription, error, loading } = useSubscription();
  if (loading) return <ProgressBar label="Loading your plan" />;
  if (error) return <p className="text-sm text-red-800">{error}</p>;
  if (subscription?.entitled)
    return (
      <Link to={paths.accountBilling} onClick={close} className="self-start">
        {ACCOUNT_MENU_TEXTS.yourPlan}: {planName(subscription.plan)}
      </Link>
    );
  return (
    <p>
      {ACCOUNT_MENU_TEXTS.noPlan}{' '}
      <Link to={paths.pricing} onClick={close}>
        {ACCOUNT_MENU_TEXTS.seePlans}
      </Link>
    </p>
  );
}
