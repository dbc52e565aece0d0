import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'styled-system', 'src/i18n/i18n-*.ts', 'src/i18n/i18n-*.tsx', 'src/i18n/formatters.ts', '.data', 'test-results', '.e2e-tmp', '.tmp', 'server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // Machines are pure: no views, no services (ARCHITECTURE.md).
    files: ['src/machines/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['**/ui/**', '**/ui', 'react', 'react-dom'], message: 'src/machines must not import from src/ui or React.' },
        { group: ['**/services/**', '**/services'], message: 'src/machines must not import from src/services: effects are injected actors.' },
      ] }],
    },
  },
  {
    files: ['src/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['**/ui/**', '**/machines/**', '**/services/**', '**/server/**'], message: 'The contract depends on nothing but zod.' },
      ] }],
    },
  },
);
