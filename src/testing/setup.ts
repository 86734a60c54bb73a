// Setup of the unit and model projects. Component tests run in happy-dom, which needs nothing else
// for Mantine (TOOLCHAIN.md §4); server and script tests in this project opt into
// `@vitest-environment node`, where there is no DOM and no storage, so everything is guarded.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { notifications } from '@mantine/notifications';

afterEach(() => {
  if (typeof document !== 'undefined') cleanup();
  // Mantine keeps toasts in a module-wide store that outlives the rendered tree: a test's toasts,
  // never closed once their container unmounts, would fill the next test's five places and queue
  // its toast out of sight (a toast's id is its text, so the same warning would not even be added)
  notifications.clean();
  globalThis.localStorage?.clear();
  globalThis.sessionStorage?.clear();
});
