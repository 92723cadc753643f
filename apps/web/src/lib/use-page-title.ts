import { useEffect } from 'react';

const SITE = 'Adriatica Beach Arena';

export function usePageTitle(title: string | null) {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE}` : `${SITE} · Beach volley, beach tennis e foot volley sull'Adriatico`;
  }, [title]);
}
