import { loadParts } from '@beach/i18n/web';
import { i18n } from '@lingui/core';
import { cleanup, configure, getConfig, prettyDOM } from '@testing-library/react';
import { afterEach } from 'vitest';
import { startingLocale } from '../lib/i18n';
import { LOCALE_COOKIE } from '../lib/locale-cookie';
import { session } from '../lib/session';

// The screens render in Italian, every part of the catalogue loaded (the back-office's too: its screens are
// tested without their own instance). A message missing from the catalogue fails the test that shows it:
// run `pnpm --filter @beach/i18n extract` and translate it.
await loadParts(i18n, 'it', ['shell', 'home', 'member', 'contracts', 'backoffice']);
i18n.activate('it');
i18n.on('missing', ({ id, locale }) => {
  throw new Error(`Message "${id}" is not in the ${locale} catalogue: run pnpm --filter @beach/i18n extract, then translate it`);
});

// findBy… and waitFor wait for what the screen shows; on a busy machine that can take more than 1 s.
// A query that finds nothing throws an error that prints the whole page, and findBy…/waitFor retry it every
// 50 ms and on every change of the page, throwing each miss away: the page is printed only when the message
// is read, when a test fails (docs/testing.md#the-web-unit-suite).
configure({
  asyncUtilTimeout: 10_000,
  getElementError(message, container) {
    const error = new Error(message ?? '');
    error.name = 'TestingLibraryElementError';
    let printed: string | undefined;
    const withPage = () => (printed ??= [message, `Ignored nodes: comments, ${getConfig().defaultIgnore}\n${prettyDOM(container)}`].filter(Boolean).join('\n\n'));
    Object.defineProperty(error, 'message', { get: withPage, configurable: true });
    return error;
  },
});

// jsdom has no <dialog> behaviour; the browser's is exercised by the Chromium tests.
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  this.removeAttribute('open');
};

afterEach(() => {
  cleanup();
  // The files of a worker share their modules: the session's in-memory copy goes with the storage.
  session.clear();
  // A test that switched language leaves the next one in Italian, as a first visit is.
  localStorage.clear();
  document.cookie = `${LOCALE_COOKIE}=; Path=/; Max-Age=0`;
  startingLocale('/');
  if (i18n.locale !== 'it') i18n.activate('it');
});
