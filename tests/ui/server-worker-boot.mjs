// Worker entry: loads the TypeScript server worker through tsx (Node runs the server code as is).
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.entry, import.meta.url);
