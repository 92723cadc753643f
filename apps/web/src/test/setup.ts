import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { session } from '../lib/session';

// findBy… and waitFor wait for what the screen shows; on a busy machine that can take more than 1 s.
configure({ asyncUtilTimeout: 10_000 });

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
  localStorage.clear();
});
