#!/usr/bin/env node
// `npm run dev`: the API server (port 8787) and Vite's dev server (port 5173, proxying the API).
import { spawn, spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
spawnSync('npm', ['run', 'codegen'], { cwd: root, stdio: 'inherit' });
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, stdio: 'inherit', env: { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://127.0.0.1:5173' } });
const vite = spawn('npx', ['vite'], { cwd: root, stdio: 'inherit' });
const stop = () => { server.kill('SIGTERM'); vite.kill('SIGTERM'); };
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, stop);
server.on('exit', stop);
vite.on('exit', stop);
