// Setup of the unit and model projects. Component tests run in happy-dom, which needs nothing else
// for Mantine (TOOLCHAIN.md §4); server and script tests in this project opt into
// `@vitest-environment node`, where there is no DOM and no storage, so everything is guarded.
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { notifications } from '@mantine/notifications';

// findBy…/waitFor give up after 1 s by default: on CI's two cores beside the other lanes (load 15+)
// a toast that follows an answer has taken longer. Waiting longer changes nothing for a passing test.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  if (typeof document !== 'undefined') cleanup();
  // Mantine keeps toasts in a module-wide store that outlives the rendered tree: a test's toasts,
  // never closed once their container unmounts, would fill the next test's five places and queue
  // its toast out of sight (a toast's id is its text, so the same warning would not even be added)
  notifications.clean();
  globalThis.localStorage?.clear();
  globalThis.sessionStorage?.clear();
});
