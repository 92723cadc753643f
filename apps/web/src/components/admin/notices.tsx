// The screen's messages (docs/screens.md#messages) in an accessible region instead of window.alert: errors
// are announced at once, successes politely; each stays until dismissed, the newest on top.
import X from 'lucide-react/icons/x';
import { useLingui } from '@lingui/react/macro';
import { useCallback, useRef, useState } from 'react';
import { Alert } from '../ui/alert';

export type NoticeTone = 'success' | 'error' | 'info' | 'warning';

interface Notice {
  id: number;
  tone: NoticeTone;
  text: string;
}

/** At most this many messages are kept on screen. */
const MAX_NOTICES = 3;

export function useNotices() {
  const { t } = useLingui();
  const [notices, setNotices] = useState<Notice[]>([]);
  const nextId = useRef(1);

  const notify = useCallback((text: string, tone: NoticeTone = 'success') => {
    const id = nextId.current++;
    setNotices((current) => [{ id, tone, text }, ...current].slice(0, MAX_NOTICES));
  }, []);
  const dismiss = (id: number) => setNotices((current) => current.filter((notice) => notice.id !== id));

  const region = (
    <div aria-label={t`Messaggi`} role="region" className="fixed inset-x-4 bottom-4 z-40 flex flex-col gap-2 sm:left-auto sm:w-96">
      {notices.map((notice) => (
        <div key={notice.id} className="relative shadow-lg">
          <Alert tone={notice.tone}>
            <span className="block pr-6">{notice.text}</span>
          </Alert>
          <button type="button" onClick={() => dismiss(notice.id)} aria-label={t`Chiudi messaggio`} className="absolute top-2 right-2 rounded p-1 text-slate-600 hover:bg-black/5">
            <X aria-hidden="true" className="h-4 w-4" />
          </button>
        </div>
      ))}
    </div>
  );
  return { notify, region };
}
