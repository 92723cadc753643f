// Confirmation before an action (activate, delete, role change), in place of the browser's
// confirm(): `await confirm({...})` resolves true on "confirm", false on cancel, Escape or close.
import { useLingui } from '@lingui/react/macro';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';

export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** danger: the confirm button is red (irreversible actions). */
  tone?: 'primary' | 'danger';
}

export function ConfirmDialog({ open, options, onAnswer }: { open: boolean; options: ConfirmOptions | null; onAnswer: (confirmed: boolean) => void }) {
  const { t } = useLingui();
  return (
    <Modal
      open={open}
      title={options?.title ?? ''}
      onClose={() => onAnswer(false)}
      footer={
        <>
          <Button variant="secondary" onClick={() => onAnswer(false)}>
            {options?.cancelLabel ?? t`Annulla`}
          </Button>
          <Button variant={options?.tone === 'danger' ? 'danger' : 'primary'} onClick={() => onAnswer(true)}>
            {options?.confirmLabel ?? t`Conferma`}
          </Button>
        </>
      }
    >
      <div className="text-sm text-slate-700">{options?.message}</div>
    </Modal>
  );
}

/** A promise-based confirmation; render `dialog` once in the screen. */
export function useConfirm() {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((confirmed: boolean) => void) | null>(null);

  const confirm = useCallback((next: ConfirmOptions) => {
    // A question still open is answered "no" before the new one replaces it.
    resolver.current?.(false);
    setOptions(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const answer = (confirmed: boolean) => {
    resolver.current?.(confirmed);
    resolver.current = null;
    setOptions(null);
  };

  return { confirm, dialog: <ConfirmDialog open={options !== null} options={options} onAnswer={answer} /> };
}
