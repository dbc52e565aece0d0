/**
 * The effects of adding leads in bulk (src/machines/lead-batch-add.machine.ts): the rows become one
 * CSV file (src/contract/csv.ts: UTF-8 with BOM, formula-safe cells, a header line the import skips),
 * sent as the lead import's multipart upload (SPEC §7 /leads/import/pipeline under /admin or
 * /member by the real role, SPEC §6) with the relation name → column 0, phone → column 1, and the
 * tab. Built only from the flow services; the answer goes through the one adapter.
 */
import { fromPromise } from 'xstate';
import { toCsv } from '../../contract/csv';
import { CSV_CONTENT_TYPE } from '../../contract/files';
import { leadFileCalls, type ImportCounts, type ImportRelation } from '../../contract/lead-files';
import { forRole } from '../../contract/role-pair';
import type { Answer } from '../../machines/answer';
import type { BatchRow, ImportRowsInput, leadBatchAddMachine } from '../../machines/lead-batch-add.machine';
import { answerOf } from '../answer';
import type { FlowEffects } from '../flow-services';

/** The columns of the file: the import maps them by index. */
export const BATCH_RELATION: ImportRelation = { name: 0, phone: 1 };
/** The file's header line (the import reads the first line as the header). */
export const BATCH_HEADER = ['Name', 'Phone'] as const;
/** The uploaded file's name (the server reads only its bytes). */
export const BATCH_FILENAME = 'leads.csv';

/** The rows as the import's CSV text. */
export const batchCsvOf = (rows: readonly BatchRow[]): string => toCsv([[...BATCH_HEADER], ...rows.map((r) => [r.name, r.phone])]);

export const leadBatchAddEffects: FlowEffects<typeof leadBatchAddMachine> = (services) => ({
  actors: {
    // Not aborted: once sent, the import commits or fails as a whole on the server.
    importRows: fromPromise<Answer<ImportCounts>, ImportRowsInput>(async ({ input }) => {
      const file = new File([batchCsvOf(input.rows)], BATCH_FILENAME, { type: CSV_CONTENT_TYPE });
      const body = { file, relation: JSON.stringify(BATCH_RELATION), tabId: String(input.tabId) };
      return answerOf(await services.api.call(forRole(leadFileCalls.leadsImport, input.realRole), body));
    }),
  },
});
