/**
 * The group tool's effects (src/machines/group-tool.machine.ts; SPEC §2 assistant tools, §7
 * Extension messaging): the extension's `fetchGroups` and `fetchGroupParticipants` through the
 * injected bridge (no answer, or one of another shape: `unreachable`; a refusal: its reason), the
 * participants' phones in the international form by the project's number reading
 * (src/contract/number-reading.ts), the member's tabs by real role (SPEC §6), the lead batch child
 * (src/services/actors/lead-batch.ts), and the CSV export: written in the page as the contacts
 * export is (src/contract/csv.ts: UTF-8 with BOM, formula-safe cells), saved with `files.save`
 * under the group's name.
 */
import { fromPromise } from 'xstate';
import { toCsv } from '../../contract/csv';
import { fetchGroupParticipantsReply, fetchGroupsReply } from '../../contract/extension';
import { CSV_CONTENT_TYPE } from '../../contract/files';
import type { ExportParams, GroupsAnswer, groupToolMachine, LoadParticipantsInput, ParticipantRow, ParticipantsAnswer } from '../../machines/group-tool.machine';
import { leadBatchAddMachine } from '../../machines/lead-batch-add.machine';
import type { FlowEffects } from '../flow-services';
import { loadUserTabs } from './user-tabs';
import { leadBatchAddEffects } from './lead-batch';

/**
 * A phone of E.164 digits as a person reads it ('+44 20 7946 0958'); '+' and the digits when the
 * reading finds no valid number. The reading (and the phone library's metadata) loads with the
 * first participants, not with the app.
 */
export const internationalOf = async (digits: readonly string[]): Promise<string[]> => {
  const { readNumber } = await import('../../contract/number-reading');
  return digits.map((d) => {
    const read = readNumber(`+${d}`, null);
    return read.ok ? read.international : `+${d}`;
  });
};

/** Characters no file name may hold on the common systems (and control characters). */
// eslint-disable-next-line no-control-regex
const NOT_IN_FILE_NAMES = /[\\/:*?"<>|\u0000-\u001f\u007f]+/g;

/** The export's file name: the group's name made safe for a file system (at most 80 characters), else 'group'. */
export const groupCsvFilename = (groupName: string): string => {
  const safe = groupName.replace(/\s+/g, ' ').replace(NOT_IN_FILE_NAMES, '_').trim().replace(/^[.\s]+|[.\s]+$/g, '').slice(0, 80).trim();
  return `${safe || 'group'}.csv`;
};

/** The export's text: the column titles, then name, phone (international) and the admin mark of each participant. */
export const groupCsvOf = (params: Pick<ExportParams, 'participants' | 'headers' | 'adminMark'>): string =>
  toCsv([params.headers, ...params.participants.map((p) => [p.name ?? '', p.international, p.isAdmin ? params.adminMark : ''])]);

export const groupToolEffects: FlowEffects<typeof groupToolMachine> = (services) => ({
  actors: {
    loadGroups: fromPromise<GroupsAnswer, void>(async () => {
      const reply = fetchGroupsReply.safeParse(await services.bridge.send('fetchGroups'));
      if (!reply.success) return { ok: false, stop: 'unreachable' };
      return reply.data.refused ? { ok: false, stop: reply.data.refused } : { ok: true, groups: reply.data.groups };
    }),
    loadParticipants: fromPromise<ParticipantsAnswer, LoadParticipantsInput>(async ({ input }) => {
      const reply = fetchGroupParticipantsReply.safeParse(await services.bridge.send('fetchGroupParticipants', { chatWhatsappId: input.chatWhatsappId }));
      if (!reply.success) return { ok: false, stop: 'unreachable' };
      if (reply.data.refused) return { ok: false, stop: reply.data.refused };
      const international = await internationalOf(reply.data.participants.map((p) => p.phone));
      const rows: ParticipantRow[] = reply.data.participants.map((p, i) => ({ phone: p.phone, international: international[i] ?? `+${p.phone}`, name: p.name, isAdmin: p.isAdmin }));
      return { ok: true, participants: rows };
    }),
    loadTabs: loadUserTabs(services.api),
    leadBatchAdd: leadBatchAddMachine.provide(leadBatchAddEffects(services)),
  },
  actions: {
    exportCsv: (_, params) => services.files.save(new Blob([groupCsvOf(params)], { type: CSV_CONTENT_TYPE }), groupCsvFilename(params.groupName)),
  },
});
