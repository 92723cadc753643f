import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useEffect } from 'react';

const SITE = 'Adriatica Beach Arena';
export const HOME_TITLE = msg`Adriatica Beach Arena · Beach volley, beach tennis e foot volley sull'Adriatico`;

/** The document's title: `title` and the centre's name, or the home page's title; in the page's language. */
export function usePageTitle(title: string | null) {
  const { i18n } = useLingui();
  const home = i18n._(HOME_TITLE);
  useEffect(() => {
    document.title = title ? `${title} · ${SITE}` : home;
  }, [title, home]);
}
