// A wide table or bracket scrolling sideways in its own box on a phone, reachable by keyboard.
import type { ReactNode } from 'react';

export function ScrollBox({ label, children, className = '' }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={`max-w-full overflow-x-auto ${className}`}>
      {children}
    </div>
  );
}
