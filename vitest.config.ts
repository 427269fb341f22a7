import { defineConfig } from 'vitest/config'
import { linguiCatalogs } from './scripts/lingui-catalogs.ts'

/** Every project: a stray `.only` fails the run, however Vitest is started (npm test, npx vitest, an editor). */
const everyProject = { allowOnly: false }

export default defineConfig({
  test: {
    // Every core: Vitest's default in a run leaves one idle (cores - 1), which on a 2-core machine
    // is half of it. Two workers took a third off the node and client projects' time here
    // (docs/quality.md "The suite's time"). The project "scale" still runs one file at a time.
    maxWorkers: '100%',
    // Tests fail on unexpected console.error (see tests/support/setup-*.ts).
    projects: [
      {
        // A script may read a component (scripts/screenshots reads the landing page's list): the
        // catalogs it imports compile as in the build (decision 093).
        plugins: [linguiCatalogs()],
        test: {
          ...everyProject,
          name: 'node',
          environment: 'node',
          include: ['src/shared/**/*.test.ts', 'src/server/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/support/**/*.test.ts'],
          exclude: ['**/*.scale.test.ts'],
          setupFiles: ['tests/support/setup-node.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Timing budgets: npm test runs these on their own, after the rest, so other test files
        // do not share the cores while they measure.
        test: {
          ...everyProject,
          name: 'scale',
          environment: 'node',
          include: ['src/**/*.scale.test.ts'],
          setupFiles: ['tests/support/setup-node.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        // vite.config.ts builds the configured book facts in; client tests start from none and
        // pass their own to the components (decision 015).
        // The catalogs compiled as the build compiles them (decision 093).
        plugins: [linguiCatalogs()],
        define: { __ACCORD_BOOK_FACTS__: '{}' },
        // vite-plugin-pwa's virtual module exists in the build only (decision 029).
        resolve: { alias: { 'virtual:pwa-register': new URL('./src/client/testing/pwa-register.ts', import.meta.url).pathname } },
        test: {
          ...everyProject,
          name: 'client',
          environment: 'jsdom',
          include: ['src/client/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/support/setup-client.ts'],
          // Room for the 5 s that a screen may wait for what it expects (setup-client.ts).
          testTimeout: 20_000,
        },
      },
    ],
  },
})
