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
        { name: 'xstate', importNames: ['fromPromise', 'fromCallback', 'fromObservable', 'fromEventObservable', 'createActor'], message: 'Effects are built in src/services; the app system starts every flow (views read them with useFlow).' },
      ], patterns: [
        ...bundlePatterns,
        { group: ['**/services/api/client'], importNamePattern: '^(?!ApiClient$|ApiError$|ApiResult$)', message: 'Views never call the API: effects live in src/services.' },
        // Views reach services only through the flows the app system starts (ARCHITECTURE.md): no
        // effects, flow definitions or services in a view (types excepted; the route table names
        // each route's flows module by a dynamic import, which this rule does not see).
        { group: ['**/services/actors/*', '**/services/flows/*', '**/services/flow-services', '**/services/storage', '**/services/extension/*'], allowTypeImports: true, message: 'Views get services only through the flows the app system starts: read a flow with useFlow(systemId).' },
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
        // Flows compose in machines: an effect in a view touches only the DOM (focus, scroll,
        // measuring, a third-party widget); it never relays an actor's event, output or state.
        { selector: "CallExpression[callee.name=/^use(Layout)?Effect$/] CallExpression[callee.property.name=/^(send|subscribe|on|getSnapshot)$/]", message: 'A view effect never relays to or from an actor: the parent machine reacts to its child (ARCHITECTURE.md "Statecharts").' },
        { selector: "CallExpression[callee.name=/^use(Layout)?Effect$/] CallExpression[callee.name=/^set[A-Z]/]", message: 'A view effect never copies actor state into React state: keep it in the machine context.' },
      ],
    },
  },
  {
    // Machines are pure: no views, no services (ARCHITECTURE.md).
    files: ['src/machines/**/*.{ts,tsx}'],
    rules: {
      // Guards and actions read their event, context and params only: what is not in them does not exist for a replay.
      'no-restricted-syntax': ['error',
        { selector: "CallExpression[callee.property.name='getSnapshot']", message: "A machine never reads another actor's snapshot: send what it needs in the event, or keep it in context." },
      ],
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
