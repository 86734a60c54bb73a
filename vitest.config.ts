import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Four layers, run separately by `npm test` (see package.json): unit tests sit beside the code,
// the cross-layer suites live in tests/.
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'happy-dom',
          setupFiles: ['./src/testing/setup.ts'],
          include: ['{domain,machines,src,server,scripts}/**/*.test.{ts,tsx}'],
          // a page test renders Mantine in happy-dom, PGlite starts its wasm: seconds on a busy
          // machine (CI met 5 s and 10 s with two lanes of other work beside it)
          testTimeout: 15000,
          hookTimeout: 30000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['./tests/helpers/global-setup.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        extends: true,
        test: {
          name: 'model',
          environment: 'happy-dom',
          setupFiles: ['./src/testing/setup.ts'],
          include: ['tests/model/**/*.test.{ts,tsx}'],
          globalSetup: ['./tests/helpers/global-setup.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        extends: true,
        test: {
          name: 'customs',
          environment: 'node',
          include: ['tests/customs/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 120000,
          hookTimeout: 120000,
          fileParallelism: false,
        },
      },
    ],
  },
});
