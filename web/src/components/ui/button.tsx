import type { ComponentPropsWithRef } from 'react';

type Variant = 'primary' | 'danger' | 'quiet';

const variants: Record<Variant, string> = {
  primary: 'bg-blue-700 text-white hover:bg-blue-800 focus-visible:outline-blue-700',
  danger: 'bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-700',
  quiet: 'bg-transparent text-slate-800 hover:bg-slate-200 focus-visible:outline-slate-700',
};

export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  ...props
}: ComponentPropsWithRef<'button'> & { variant?: Variant }) {
  return (
    <button
      type={type}
      className={`inline-flex min-h-11 items-center justify-center rounded-md px-4 py-2 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60 ${variants[variant]} ${className}`}
      {...props}
    />
  );
}
