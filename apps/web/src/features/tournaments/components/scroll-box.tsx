// A wide table or bracket scrolling sideways in its own box on a phone, reachable by keyboard.
import type { ReactNode } from 'react';

export function ScrollBox({ label, children, className = '' }: { label: string; children: ReactNode; className?: string }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus to be scrolled by keyboard
    <div role="region" aria-label={label} tabIndex={0} className={`max-w-full overflow-x-auto ${className}`}>
      {children}
    </div>
  );
}
