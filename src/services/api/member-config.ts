/**
 * The member config calls (SPEC §7 Account: `/member/config/list` and `/member/config/update`,
 * SPEC §3 Config: a per-role list of settings, key and value), as the flows use them: the settings
 * of the member the request acts for (the API client's source-user header: an admin acting for a
 * member through the member selector reads and writes that member's, SPEC §6).
 *
 * Values are text; a switch is '1' (on) or '0' (off), and a key never written reads as off.
 */
import { accountEndpoints, type ConfigItem } from '../../contract/account';
import type { Answer } from '../../machines/answer';
import { answerOf, dataOf } from '../answer';
import type { ApiClient, CallOptions } from './client';

export const SWITCH_ON = '1';
export const SWITCH_OFF = '0';

/** The member's settings; rejects when the call fails or is refused (the flow's onError). */
export const readMemberConfig = async (api: ApiClient, options: CallOptions = {}): Promise<ConfigItem[]> =>
  dataOf(await api.call(accountEndpoints.memberConfigList, undefined, options), 'Member config').items;

/** Writes the settings given (others are kept); answers the member's settings after the write, or the refusal. */
export const writeMemberConfig = async (api: ApiClient, items: ConfigItem[], options: CallOptions = {}): Promise<Answer<ConfigItem[]>> =>
  answerOf(await api.call(accountEndpoints.memberConfigUpdate, { items }, options), (data) => data.items);

/** A switch's value in the settings: on only when it is '1' (absent: off). */
export const switchOf = (items: readonly ConfigItem[], key: string): boolean => items.find((i) => i.key === key)?.value === SWITCH_ON;

/** Reads one switch of the member. */
export const readMemberSwitch = async (api: ApiClient, key: string, options: CallOptions = {}): Promise<boolean> => switchOf(await readMemberConfig(api, options), key);

/** Sets one switch of the member; answers the value the server now holds. */
export const writeMemberSwitch = async (api: ApiClient, key: string, on: boolean, options: CallOptions = {}): Promise<Answer<{ enabled: boolean }>> => {
  const answer = await writeMemberConfig(api, [{ key, value: on ? SWITCH_ON : SWITCH_OFF }], options);
  return answer.ok ? { ok: true, data: { enabled: switchOf(answer.data, key) } } : answer;
};
