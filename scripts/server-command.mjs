/**
 * How a production server process is started (`npm start`, the benchmarks): the one place for its
 * Node flags, so the figures `npm run bench` prints are the product's.
 *
 * --max-semi-space-size=32 (MiB): a larger young generation for V8. Every request allocates
 * short-lived objects (the request, the envelope, the driver's rows); with the default semi-space
 * the server spends much of its time in scavenges. Measured with autocannon on the authenticated
 * workspace-info call over PostgreSQL, alternating with and without the flag, it answered 7–30 %
 * more requests a second, for at most about 100 MiB more memory under load.
 */
import { fileURLToPath } from 'node:url';

export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];

const mainPath = fileURLToPath(new URL('../server/main.ts', import.meta.url));

/** The arguments for `node` that run the server (extra Node flags first, e.g. a CPU profile). */
export const serverArgs = (extraNodeFlags = []) => [...SERVER_NODE_FLAGS, ...extraNodeFlags, '--import', 'tsx', mainPath];
