// The top of a back-office screen: its title with the line under it, and the screen's buttons beside them.
import type { ReactNode } from 'react';

/** `subtitle` is the paragraph under the title; `children`, the buttons on the right (none: nothing there). */
export function PageHeader({ title, subtitle, children }: { title: ReactNode; subtitle: ReactNode; children?: ReactNode }) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-3xl font-bold text-sea-900">{title}</h1>
        {subtitle}
      </div>
      {children}
    </header>
  );
}
