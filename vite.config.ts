import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import { stripStateDescriptions } from './scripts/build/strip-state-descriptions';

// react-router 7 exports only its development build (with its dev warnings) under every condition;
// production builds take the production files beside it (remix-run/react-router#12532).
const routerProduction = (file: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

// The app lives under /crm/ (SPEC §2). Panda runs through PostCSS (postcss.config.cjs).
export default defineConfig(({ command, mode }) => ({
  base: '/crm/',
  plugins: [react(), stripStateDescriptions({ keep: loadEnv(mode, process.cwd(), 'VITE_').VITE_INSPECT_IN_PRODUCTION === 'true' })],
  resolve: {
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: routerProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: routerProduction('dom-export.mjs') },
          ]
        : [],
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // No preload lists for lazy chunks: Vite's preload helper and the dependency list of every lazy
    // import travel in the entry chunk, 0.8 KB gzipped of the login page's 140 KB budget (measured
    // by `npm run bench`, 140.7 -> 139.9 KB). The cost: a screen's own shared chunks start loading
    // one round trip after the screen's chunk; sign-in to home measured the same (397 vs 407 ms).
    modulePreload: false,
    // Panda's generated styled-system has no side effects, but its recipe index re-exports every
    // recipe through top-level calls: without this rule each page would ship all ~50 recipes.
    rolldownOptions: {
      treeshake: { moduleSideEffects: [{ test: /[\\/]styled-system[\\/]/, sideEffects: false }] },
      // Libraries every page runs (statecharts, router, i18n runtime, the contract's zod) travel in
      // one chunk rather than five: one gzip stream compresses better and saves requests (measured
      // by `npm run bench`; zod in it took the login page from 142.6 to 142.1 KB).
      output: {
        codeSplitting: {
          groups: [
            { name: 'runtime', test: /node_modules[\\/](zod|xstate|@xstate[\\/]react|react-router|react-router-dom|typesafe-i18n|use-sync-external-store|use-isomorphic-layout-effect|react[\\/])/ },
            // The design system's runtime and the smallest kit parts nearly every screen uses.
            {
              name: 'kit',
              test: /(styled-system[\\/](css|helpers|jsx|recipes[\\/]create-recipe)|@ark-ui[\\/]react[\\/]dist[\\/](utils|components[\\/](factory|create-style-context))|src[\\/]ui[\\/]components[\\/](button|card|link|heading|alert)\.tsx|src[\\/]contract[\\/](codes|roles|constants|text-bounds)\.ts|src[\\/]machines[\\/](constants|route-facts)\.ts|src[\\/]services[\\/]flow-definition\.ts)/,
            },
            // The sign-in page's own code in one chunk (its screen, form parts, flows and effects, with
            // the form field they pull in): one gzip stream instead of seven small files, which took
            // the login page from 143.1 to 141.7 KB gzipped (`npm run bench`). Other forms load it too.
            {
              name: 'sign-in',
              test: /src[\\/](ui[\\/]screens[\\/]auth[\\/](login-screen|auth-fields|auth-view)\.tsx|machines[\\/]auth[\\/](auth-form|form-steps|sign-in\.machine|google-sign-in\.machine)\.ts|services[\\/](actors[\\/](auth|google-identity)|flows[\\/]sign-in-flows)\.ts)/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:8787',
      '/public': 'http://127.0.0.1:8787',
      '/admin': 'http://127.0.0.1:8787',
      '/member': 'http://127.0.0.1:8787',
      // Invite links' public short links (server/share-links/redirect.ts), on PUBLIC_URL in dev too.
      '/l/': 'http://127.0.0.1:8787',
    },
  },
}));
