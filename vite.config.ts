import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The app lives under /crm/ (SPEC §2). Panda runs through PostCSS (postcss.config.cjs).
export default defineConfig({
  base: '/crm/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // Panda's generated styled-system has no side effects, but its recipe index re-exports every
    // recipe through top-level calls: without this rule each page would ship all ~50 recipes.
    rolldownOptions: { treeshake: { moduleSideEffects: [{ test: /[\\/]styled-system[\\/]/, sideEffects: false }] } },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:8787',
      '/public': 'http://127.0.0.1:8787',
      '/admin': 'http://127.0.0.1:8787',
      '/member': 'http://127.0.0.1:8787',
    },
  },
});
