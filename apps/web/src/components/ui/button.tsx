import clsx from 'clsx';
import type { ButtonHTMLAttributes, ComponentType } from 'react';
import { Spinner } from './spinner';

const VARIANTS = {
  primary: 'bg-sea-700 text-white hover:bg-sea-800 focus-visible:outline-sea-700',
  secondary: 'bg-white text-sea-800 ring-1 ring-inset ring-sea-700/30 hover:bg-sea-50 focus-visible:outline-sea-700',
  danger: 'bg-coral-600 text-white hover:bg-coral-500 focus-visible:outline-coral-600',
  ghost: 'text-slate-700 hover:bg-slate-100 focus-visible:outline-slate-500',
} as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof VARIANTS;
  size?: 'sm' | 'md';
  /** Shows a spinner and this text, and disables the button. */
  loadingText?: string;
  loading?: boolean;
}

export const buttonClasses = (variant: keyof typeof VARIANTS = 'primary', size: 'sm' | 'md' = 'md') =>
  clsx(
    'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60',
    size === 'sm' ? 'px-3 py-1.5 text-sm' : 'px-4 py-2.5 text-sm',
    VARIANTS[variant],
  );

export function Button({ variant, size, loading, loadingText, className, children, disabled, type = 'button', ...rest }: ButtonProps) {
  return (
    <button type={type} className={clsx(buttonClasses(variant, size), className)} disabled={disabled || loading} aria-busy={loading || undefined} {...rest}>
      {loading && <Spinner size="sm" label="" />}
      {loading && loadingText ? loadingText : children}
    </button>
  );
}

/** A small ghost button showing only `icon` (h-4 w-4, then `iconClassName`); `label` is what it is read as. */
export function IconButton({ icon: Icon, iconClassName, label, ...rest }: Omit<ButtonProps, 'variant' | 'size' | 'children'> & { icon: ComponentType<{ className?: string; 'aria-hidden'?: 'true' }>; iconClassName?: string; label: string }) {
  return (
    <Button variant="ghost" size="sm" aria-label={label} {...rest}>
      <Icon aria-hidden="true" className={clsx('h-4 w-4', iconClassName)} />
    </Button>
  );
}
