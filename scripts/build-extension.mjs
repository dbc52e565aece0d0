#!/usr/bin/env node
// Builds the companion extension (extension/) into dist-extension/ (git-ignored): manifest.json,
// the service worker (background.js, an ES module) and the chat page (chat.html and its assets),
// with Vite's build API. Load the folder in Chrome or Chromium as an unpacked extension
// (README.md, "The companion extension"). A deployment's own workspace origins are added at build
// time: EXTENSION_ORIGINS=https://crm.example.com[,https://...] (the local 127.0.0.1 and localhost
// on any port are always there). EXTENSION_OUT_DIR builds elsewhere.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { build } from 'vite';
import { buildManifest, extensionIdFromKey, EXTENSION_PUBLIC_KEY, matchesFromOrigins } from '../extension/manifest.mjs';

const root = new URL('..', import.meta.url).pathname;
const outDir = process.env.EXTENSION_OUT_DIR ? (isAbsolute(process.env.EXTENSION_OUT_DIR) ? process.env.EXTENSION_OUT_DIR : join(root, process.env.EXTENSION_OUT_DIR)) : join(root, 'dist-extension');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

const manifest = buildManifest({ version, extraMatches: matchesFromOrigins(process.env.EXTENSION_ORIGINS) });

await build({
  configFile: false,
  root: join(root, 'extension'),
  base: '/',
  logLevel: 'warn',
  publicDir: false,
  // Plain CSS: the app's PostCSS setup (Panda) is not for the chat page.
  css: { postcss: {} },
  build: {
    outDir,
    emptyOutDir: true,
    target: 'chrome116',
    sourcemap: false,
    minify: true,
    // Extension pages refuse inline scripts (their CSP): no preload helper.
    modulePreload: false,
    rolldownOptions: {
      input: {
        background: join(root, 'extension', 'src', 'background.ts'),
        chat: join(root, 'extension', 'chat.html'),
      },
      output: {
        // The manifest names the service worker by its file: no hash there.
        entryFileNames: (chunk) => (chunk.name === 'background' ? 'background.js' : 'assets/[name]-[hash].js'),
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
  },
});

mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`[extension] built ${relative(process.cwd(), outDir) || '.'} (id ${extensionIdFromKey(EXTENSION_PUBLIC_KEY)}; origins: ${manifest.externally_connectable.matches.join(' ')})`);
