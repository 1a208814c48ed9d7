/** The indeterminate progress bar every waiting state shows. */
export function ProgressBar({ label = 'Loading' }: { label?: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      className="relative h-1 w-full overflow-hidden rounded bg-blue-100"
    >
      <div className="progress-stripe absolute inset-y-0 left-0 w-2/5 rounded bg-blue-600" />
    </div>
  );
}
