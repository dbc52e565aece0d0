import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** The projects a command names (`--project unit`, `--project=unit`). */
const namedProjects = (argv: readonly string[]): string[] =>
  argv.flatMap((arg, i) => (arg === '--project' ? [argv[i + 1] ?? ''] : arg.startsWith('--project=') ? [arg.slice('--project='.length)] : []));

/**
 * Unit tests must pass in any order: a run of the unit project shuffles its files and its tests
 * (Vitest prints `Running tests with seed "N"`; `--sequence.seed=N` repeats that order). Vitest
 * reads `sequence` from the root config only, not per project, so the shuffle is on when the
 * command names the unit project alone (as `npm test` does); the server project keeps file order.
 */
const projects = namedProjects(process.argv);
const shuffleUnit = projects.length > 0 && projects.every((p) => p === 'unit');

export default defineConfig({
  test: {
    ...(shuffleUnit ? { sequence: { shuffle: { files: true, tests: true } } } : {}),
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['tests/{machines,model,ui,services,support,i18n,contract,build,extension}/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/support/setup-dom.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
          fileParallelism: false,
        },
      },
    ],
  },
});
