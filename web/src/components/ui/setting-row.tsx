import { createContext, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from './button';
import { panelClass } from './panel';

/** Which row of a settings page has its form open: one at a time, so one password field at a time. */
const OpenRow = createContext<{ open: string | null; setOpen: (id: string | null) => void } | null>(null);

/** The rows of one settings page; opening a row's form closes the form of any other. */
export function SettingRows({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <OpenRow.Provider value={{ open, setOpen }}>
      <div className="flex flex-col gap-4">{children}</div>
    </OpenRow.Provider>
  );
}

/** Open or closed, shared with the page's other rows when there is a `SettingRows` around it. */
function useOpen(id: string): [boolean, (open: boolean) => void] {
  const shared = useContext(OpenRow);
  const [alone, setAlone] = useState(false);
  if (!shared) return [alone, setAlone];
  return [shared.open === id, (open) => shared.setOpen(open ? id : null)];
}

const FOCUSABLE = 'input, select, textarea, button, a[href]';

/**
 * One setting (DESIGN section 6): its name, a sentence of its state, what is always worth seeing (a list),
 * and an action that opens its form inline. The form gets `close`, for its Cancel; closing returns focus
 * to the action, opening moves it to the form's first field.
 */
export function SettingRow({
  title,
  state,
  action,
  content,
  children,
}: {
  title: string;
  /** Where the setting stands, in one sentence: 'Two-step sign-in is on.' */
  state?: ReactNode;
  /** The words of the button that opens the form. */
  action?: string;
  /** Shown open or closed, under the state: a list the form adds to, say. */
  content?: ReactNode;
  /** The form, shown only once the action is taken. */
  children?: (close: () => void) => ReactNode;
}) {
  const id = useId();
  const [open, setOpen] = useOpen(id);
  const formRef = useRef<HTMLDivElement>(null);
  const actionRef = useRef<HTMLButtonElement>(null);
  // Set by this row's own open and close only: another row opening closes this one without taking focus.
  const [moveFocus, setMoveFocus] = useState<'form' | 'action' | null>(null);

  useEffect(() => {
    if (moveFocus === 'form') formRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    if (moveFocus === 'action') actionRef.current?.focus();
  }, [open, moveFocus]);

  function toggle(next: boolean) {
    setMoveFocus(next ? 'form' : 'action');
    setOpen(next);
  }

  return (
    <section aria-labelledby={`${id}-title`} className={panelClass}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {title}
          </h2>
          {state ? <div className="text-slate-700">{state}</div> : null}
        </div>
        {action && children && !open ? (
          <Button
            ref={actionRef}
            variant="secondary"
            aria-expanded={false}
            aria-controls={`${id}-form`}
            onClick={() => toggle(true)}
          >
            {action}
          </Button>
        ) : null}
      </div>
      {content}
      {open && children ? (
        <div id={`${id}-form`} ref={formRef} className="flex flex-col gap-3">
          {children(() => toggle(false))}
        </div>
      ) : null}
    </section>
  );
}
