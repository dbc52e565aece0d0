import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The app lives under /crm/ (SPEC §2). Panda runs through PostCSS (postcss.config.cjs).
export default defineConfig({
  base: '/crm/',
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 600 },
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
