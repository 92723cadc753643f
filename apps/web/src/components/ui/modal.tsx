// A dialog on the native <dialog> element: focus moves in and back, Escape closes, the page behind
// is inert. It stays inside the viewport, on a phone too: a long title or text wraps, a tall content
// scrolls between the title and the buttons, which stay reachable.
import { useLingui } from '@lingui/react/macro';
import X from 'lucide-react/icons/x';
import { useEffect, useId, useRef, type ReactNode } from 'react';

export function Modal({ open, title, onClose, children, footer, size = 'md' }: { open: boolean; title: ReactNode; onClose: () => void; children: ReactNode; footer?: ReactNode; size?: 'md' | 'lg' }) {
  const { t } = useLingui();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className={`m-auto w-[calc(100%-2rem)] rounded-xl bg-white p-0 shadow-2xl backdrop:bg-slate-900/50 ${size === 'lg' ? 'max-w-3xl' : 'max-w-lg'}`}
    >
      {open && (
        <div className="flex max-h-[min(85vh,calc(100dvh-2rem))] min-w-0 flex-col">
          <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-5 py-4">
            <h2 id={titleId} className="min-w-0 text-lg font-semibold text-slate-900">
              {title}
            </h2>
            <button type="button" onClick={onClose} className="shrink-0 rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800" aria-label={t`Chiudi`}>
              <X className="h-5 w-5" />
            </button>
          </div>
          {/* Focusable, so a long content can be scrolled from the keyboard too. */}
          <div tabIndex={0} className="min-h-0 min-w-0 overflow-y-auto px-5 py-4 focus-visible:outline-2 focus-visible:outline-sea-700">{children}</div>
          {footer && <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3">{footer}</div>}
        </div>
      )}
    </dialog>
  );
}
