// Setup of the unit and model projects. Component tests run in happy-dom, which needs nothing else
// for Mantine (TOOLCHAIN.md §4); server and script tests in this project opt into
// `@vitest-environment node`, where there is no DOM and no storage, so everything is guarded.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  if (typeof document !== 'undefined') cleanup();
  globalThis.localStorage?.clear();
  globalThis.sessionStorage?.clear();
});
