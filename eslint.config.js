import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

// What the browser bundle must not import (the login page's size goal; measured by
// `npm run bench`): full zod (its methods defeat tree-shaking; use zod/mini), react-router's data
// router (the app uses <BrowserRouter> and the navigator), Ark namespace objects of parts the
// sign-in form loads (they pull every part; import parts by name).
const bundlePaths = [
  { name: 'zod', message: "Use 'zod/mini' (full zod adds ~16 KB gzipped to every page)." },
  { name: 'react-router-dom', importNames: ['createBrowserRouter', 'RouterProvider', 'useNavigation', 'useRouteError'], message: 'The app uses <BrowserRouter> with the navigator (src/ui/navigator.tsx), not the data router.' },
  { name: '@ark-ui/react/field', importNames: ['Field'], message: 'Import Field parts by name (FieldRoot, FieldTextarea ...).' },
  { name: '@ark-ui/react/password-input', importNames: ['PasswordInput'], message: 'Import PasswordInput parts by name.' },
];

// Every area of the contract is for the server and tests; a screen imports only its own area.
const bundlePatterns = [
  { group: ['**/contract/all-endpoints'], message: 'Import the area you call (contract/account, contract/team ...): all-endpoints would put every area on the login page.' },
];

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'dist-extension', 'styled-system', 'src/i18n/i18n-*.ts', 'src/i18n/i18n-*.tsx', 'src/i18n/formatters.ts', '.data', 'test-results', '.e2e-tmp', '.tmp', 'server/db/migrations'] },
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
    rules: { 'no-restricted-imports': ['error', { paths: bundlePaths, patterns: bundlePatterns }] },
  },
  {
    // Views only render and send (ARCHITECTURE.md): effects are built in src/services and started
    // through the flow hook, so no actor logic, API client, clipboard or web storage here.
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: [
        ...bundlePaths,
        { name: 'xstate', importNames: ['fromPromise', 'fromCallback', 'fromObservable', 'fromEventObservable', 'createActor'], message: 'Effects are built in src/services; screens start flows with useFlowActor.' },
      ], patterns: [
        ...bundlePatterns,
        { group: ['**/services/api/client'], importNamePattern: '^(?!ApiClient$|ApiError$|ApiResult$)', message: 'Views never call the API: effects live in src/services.' },
      ] }],
      'no-restricted-globals': ['error',
        { name: 'localStorage', message: 'Storage is a service (src/services/storage.ts).' },
        { name: 'sessionStorage', message: 'Storage is a service (src/services/storage.ts).' },
      ],
      'no-restricted-properties': ['error',
        { object: 'navigator', property: 'clipboard', message: 'The clipboard is a service, used from src/services.' },
        { object: 'window', property: 'localStorage', message: 'Storage is a service (src/services/storage.ts).' },
        { object: 'window', property: 'sessionStorage', message: 'Storage is a service (src/services/storage.ts).' },
      ],
      'no-restricted-syntax': ['error',
        { selector: "CallExpression[callee.property.name='matches']", message: 'Views read tags (hasTag) or selected context, not state paths.' },
      ],
    },
  },
  {
    // Machines are pure: no views, no services (ARCHITECTURE.md).
    files: ['src/machines/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: bundlePaths, patterns: [
        ...bundlePatterns,
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
