import clsx from 'clsx';
import type { ReactNode } from 'react';

const TONES = {
  info: 'border-sea-600/30 bg-sea-50 text-sea-900',
  success: 'border-emerald-600/30 bg-emerald-50 text-emerald-900',
  warning: 'border-amber-500/40 bg-amber-50 text-amber-900',
  error: 'border-coral-600/30 bg-rose-50 text-rose-900',
} as const;

interface AlertProps {
  tone?: keyof typeof TONES;
  title?: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  /**
   * A standing state shown on every visit (a debt, the last verdict of the books), not news of what just
   * happened: said politely (role "status") whatever its tone, so it never interrupts.
   */
  standing?: boolean;
}

/** A message box; errors and warnings are announced at once, the rest (and standing states) politely. */
export function Alert({ tone = 'info', title, children, action, standing = false }: AlertProps) {
  const urgent = !standing && (tone === 'error' || tone === 'warning');
  return (
    <div role={urgent ? 'alert' : 'status'} className={clsx('rounded-lg border p-4 text-sm', TONES[tone])}>
      {title && <p className="font-semibold">{title}</p>}
      {children && <div className={clsx('whitespace-pre-line', title && 'mt-1')}>{children}</div>}
      {action && <div className="mt-3">{action}</div>}
    </div>
  );
}
