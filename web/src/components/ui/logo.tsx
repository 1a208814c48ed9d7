/** The app's mark; decorative, since it always sits beside the app name. */
export function Logo({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" className={className}>
      <rect width="64" height="64" rx="14" fill="#1d4ed8" />
      <path
        d="M14 22c4 0 6-6 6-10 3 5 8 8 12 8s9-3 12-8c0 4 2 10 6 10-3 3-6 4-9 4v12c0 8-4 14-9 14s-9-6-9-14V26c-3 0-6-1-9-4z"
        fill="#fff"
      />
      <circle cx="27" cy="34" r="2.5" fill="#1d4ed8" />
      <circle cx="37" cy="34" r="2.5" fill="#1d4ed8" />
    </svg>
  );
}
