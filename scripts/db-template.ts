// `npm run db:template`: builds the migrated PGlite template a new embedded database starts from
// (server/db/pglite-template.ts). `npm start` runs it when the template is missing.
import { buildTemplate } from '../server/db/pglite-template';

console.log(`[db] template ready: ${await buildTemplate()}`);
