import type { ComponentPropsWithRef } from 'react';

export type Variant = 'primary' | 'secondary' | 'danger' | 'toolbar';

/**
 * Every variant has an edge and a fill, so a button reads as a button and not as a word (issue #27): one
 * `primary` per screen, `secondary` for the others (Cancel, Rename, Copy link), `danger` for a step that cannot
 * be undone, `toolbar` on the blue toolbar. Navigation is a Link, never a button.
 */
const variants: Record<Variant, string> = {
  primary:
    'border-blue-700 bg-blue-700 text-white hover:border-blue-800 hover:bg-blue-800 focus-visible:outline-blue-700',
  secondary:
    'border-slate-500 bg-white text-slate-900 shadow-sm hover:border-slate-700 hover:bg-slate-100 active:bg-slate-200 focus-visible:outline-blue-700',
  danger:
    'border-red-700 bg-red-700 text-white hover:border-red-800 hover:bg-red-800 focus-visible:outline-red-700',
  toolbar:
    'border-white/80 bg-blue-900/40 text-white hover:border-white hover:bg-blue-950 focus-visible:outline-white',
};

/** A button's look; a Link that starts something (sign up, see the plans) wears it too (decision 165). */
export const buttonClass = (variant: Variant) =>
  `inline-flex min-h-11 items-center justify-center rounded-md border px-4 py-2 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60 ${variants[variant]}`;

export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  ...props
}: ComponentPropsWithRef<'button'> & { variant?: Variant }) {
  return <button type={type} className={`${buttonClass(variant)} ${className}`} {...props} />;
}
