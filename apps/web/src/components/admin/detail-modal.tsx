// A record's details in a dialog, in titled sections of label/value pairs (e.g. the membership
// detail). Values that are null or undefined are left out ("if present").
import type { ReactNode } from 'react';
import { Modal } from '../ui/modal';

export interface DetailItem {
  label: string;
  value: ReactNode;
}

export function DetailSection({ title, items, children }: { title: string; items?: DetailItem[]; children?: ReactNode }) {
  const shown = (items ?? []).filter((item) => item.value !== null && item.value !== undefined && item.value !== '');
  return (
    <section aria-label={title} className="rounded-lg border border-slate-200 p-4">
      <h3 className="text-sm font-semibold tracking-wide text-sea-800 uppercase">{title}</h3>
      {shown.length > 0 && (
        <dl className="mt-2 grid grid-cols-2 gap-x-6 gap-y-2 text-sm">
          {shown.map((item) => (
            <div key={item.label}>
              <dt className="text-slate-500">{item.label}</dt>
              <dd className="font-medium break-words text-slate-900">{item.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {children}
    </section>
  );
}

export function DetailModal({ open, title, onClose, footer, children }: { open: boolean; title: ReactNode; onClose: () => void; footer?: ReactNode; children: ReactNode }) {
  return (
    <Modal open={open} title={title} onClose={onClose} footer={footer} size="lg">
      <div className="space-y-4">{children}</div>
    </Modal>
  );
}
