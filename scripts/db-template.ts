// `npm run db:template`: builds the migrated PGlite template a new embedded database starts from
// (server/db/pglite-template.ts; built with the job queue's schema by server/jobs/template.ts). `npm start` runs it when the template is missing.
import { buildTemplate } from '../server/jobs/template';

console.log(`[db] template ready: ${await buildTemplate()}`);
