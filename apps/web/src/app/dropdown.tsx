// A disclosure menu: opens on click or keyboard, closes on Escape, outside click or navigation.
import clsx from 'clsx';
import ChevronDown from 'lucide-react/icons/chevron-down';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';

export function Dropdown({ label, children, align = 'left', buttonClassName, buttonLabel }: { label: ReactNode; children: ReactNode; align?: 'left' | 'right'; buttonClassName?: string; buttonLabel?: string }) {
  const container = useRef<HTMLDivElement>(null);
  const menuId = useId();
  // Open at one location only: any navigation closes the menu.
  const { key } = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === key;

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !container.current?.contains(event.target as Node)) setOpenAt(null);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  return (
    <div ref={container} className="relative">
      <button type="button" aria-expanded={open} aria-controls={menuId} aria-label={buttonLabel} onClick={() => setOpenAt(open ? null : key)} className={clsx('inline-flex items-center gap-1 rounded-lg px-2 py-2 text-sm font-medium 2xl:px-3', buttonClassName)}>
        {label}
        <ChevronDown className="h-4 w-4" />
      </button>
      <div id={menuId} hidden={!open} className={clsx('absolute z-40 mt-1 min-w-56 rounded-xl border border-slate-200 bg-white py-2 text-slate-800 shadow-lg', align === 'right' ? 'right-0' : 'left-0')}>
        {children}
      </div>
    </div>
  );
}

export const dropdownItemClasses = 'block w-full px-4 py-2 text-left text-sm hover:bg-sea-50 focus-visible:bg-sea-50 focus-visible:outline-none';
