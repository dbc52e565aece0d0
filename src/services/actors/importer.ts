/**
 * The import wizard's effects (SPEC §4 Import wizard, §7 /leads/import/pipeline/check and
 * /leads/import/pipeline under /admin or /member by the caller's real role, SPEC §6). Built only
 * from the flow services, plus the wizard's own file parser (src/services/import/parse-client.ts:
 * a Web Worker that keeps the table), made once per wizard and let go when it ends.
 *
 * The wizard is a child flow of the pipeline, whose effects provide it once for the session: the
 * parser is made when a wizard opens (`prepareParser`, so a chosen file parses at once) and let go
 * when it ends (`releaseParser`). The check and the import upload the chosen file itself with the
 * mapping as JSON; answers go through the one adapter (src/services/answer.ts). The skipped rows
 * are saved with `files.save`. The parent hears the import's outcome (`import.imported`).
 */
import { fromCallback, fromPromise, sendParent } from 'xstate';
import { CSV_CONTENT_TYPE } from '../../contract/files';
import { leadFileCalls, type ImportCounts } from '../../contract/lead-files';
import { forRole } from '../../contract/role-pair';
import type { ImportCallInput, importWizardMachine, ImportWizardEvent, ParseFileInput } from '../../machines/import-wizard.machine';
import { answerOf } from '../answer';
import type { FlowEffects } from '../flow-services';
import { createImportParser, type ImportParser } from '../import/parse-client';

/** The multipart body of the check and the import (the client snake-cases it: file, relation, tab_id). */
const importBody = (input: ImportCallInput) => ({ file: input.file, relation: JSON.stringify(input.relation), tabId: String(input.tabId) });

/** The effects with a given parser (tests pass the in-page one). */
export const makeImportWizardEffects = (makeParser: () => ImportParser): FlowEffects<typeof importWizardMachine> => (services) => {
  // One wizard runs at a time (the pipeline's dialog); its parser lives from its start to its end.
  let made: ImportParser | null = null;
  const parserNow = (): ImportParser => (made ??= makeParser());
  const parser: ImportParser = {
    parse: (file, onProgress) => parserNow().parse(file, onProgress),
    checkRows: (relation) => parserNow().checkRows(relation),
    skippedCsv: (lines, header) => parserNow().skippedCsv(lines, header),
    prepare: () => parserNow().prepare(),
    dispose: () => {
      made?.dispose();
      made = null;
    },
  };
  return {
    actors: {
      /** Reports progress, then the summary or the failure; stopping it (another file, closing) stops the parse. */
      parseFile: fromCallback<ImportWizardEvent, ParseFileInput>(({ input, sendBack }) => {
        let settled = false;
        parser.parse(input.file, (progress) => settled || sendBack({ type: 'parse.progress', ...progress })).then(
          (summary) => {
            if (settled) return;
            settled = true;
            sendBack({ type: 'parse.done', summary });
          },
          (error: unknown) => {
            if (settled) return;
            settled = true;
            sendBack({ type: 'parse.failed', message: error instanceof Error ? error.message : String(error) });
          },
        );
        return () => {
          if (settled) return;
          settled = true;
          parser.dispose();
        };
      }),
      checkRows: fromPromise(({ input }) => parser.checkRows(input.relation)),
      checkImport: fromPromise(async ({ input, signal }) =>
        answerOf(await services.api.call(forRole(leadFileCalls.leadsImportCheck, input.realRole), importBody(input), { signal })),
      ),
      // Not aborted: once sent, the import commits or fails as a whole on the server.
      runImport: fromPromise(async ({ input }) => answerOf(await services.api.call(forRole(leadFileCalls.leadsImport, input.realRole), importBody(input)))),
    },
    actions: {
      saveSkippedRows: (_, params) => {
        void parser
          .skippedCsv(params.lines, params.reasonHeader)
          .then((text) => services.files.save(new Blob([text], { type: CSV_CONTENT_TYPE }), params.filename))
          .catch((error: unknown) => console.error('The skipped rows could not be saved', error));
      },
      prepareParser: () => parser.prepare(),
      releaseParser: () => parser.dispose(),
      announceImported: sendParent((_, counts: ImportCounts) => ({ type: 'import.imported', counts })),
    },
  };
};

export const importWizardEffects: FlowEffects<typeof importWizardMachine> = makeImportWizardEffects(createImportParser);
