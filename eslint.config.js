import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

// What the browser bundle must not import (the login page's size goal, issue 2 §8; measured by
// `npm run bench`): full zod (its methods defeat tree-shaking; use zod/mini), react-router's data
// router (the app uses <BrowserRouter> and the navigator), Ark namespace objects of parts the
// sign-in form loads (they pull every part; import parts by name).
const bundlePaths = [
  { name: 'zod', message: "Use 'zod/mini' (full zod adds ~16 KB gzipped to every page)." },
  { name: 'react-router-dom', importNames: ['createBrowserRouter', 'RouterProvider', 'useNavigation', 'useRouteError'], message: 'The app uses <BrowserRouter> with the navigator (src/ui/navigator.tsx), not the data router.' },
  { name: '@ark-ui/react/field', importNames: ['Field'], message: 'Import Field parts by name (FieldRoot, FieldTextarea ...).' },
  { name: '@ark-ui/react/password-input', importNames: ['PasswordInput'], message: 'Import PasswordInput parts by name.' },
];

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
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: bundlePaths }] },
  },
  {
    // Machines are pure: no views, no services (ARCHITECTURE.md).
    files: ['src/machines/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: bundlePaths, patterns: [
        { group: ['**/ui/**', '**/ui', 'react', 'react-dom'], message: 'src/machines must not import from src/ui or React.' },
        { group: ['**/services/**', '**/services'], message: 'src/machines must not import from src/services: effects are injected actors.' },
      ] }],
    },
  },
  {
    files: ['src/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: bundlePaths, patterns: [
        { group: ['**/ui/**', '**/machines/**', '**/services/**', '**/server/**'], message: 'The contract depends on nothing but zod/mini.' },
      ] }],
    },
  },
);
