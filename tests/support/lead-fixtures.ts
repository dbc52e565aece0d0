/** Deterministic leads and tabs for the pipeline's machine, path and effect tests. */
import type { Lead, Tab } from '../../src/contract/leads';

export const leadOf = (id: string, patch: Partial<Lead> = {}): Lead => ({
  id,
  tabId: 0,
  name: `Lead ${id}`,
  phone: null,
  email: null,
  birthday: null,
  country: null,
  gender: null,
  followUpTime: null,
  notes: null,
  isClosed: false,
  closedReason: null,
  activity: null,
  stage: null,
  level: null,
  source: null,
  companyName: null,
  companyPosition: null,
  companyWebsite: null,
  companySize: null,
  companyPhone: null,
  companyEmail: null,
  companyAddress: null,
  sourceId: null,
  awaitReply: false,
  editTime: 1_000,
  createTime: 1_000,
  lastMessageTime: null,
  ...patch,
});

/** `n` leads `prefix1`..`prefixN` in one tab. */
export const leadsOf = (prefix: string, n: number, tabId = 0, from = 1): Lead[] =>
  Array.from({ length: n }, (_, i) => leadOf(`${prefix}${from + i}`, { tabId }));

export const noTabs: Tab = { id: 0, name: 'No tabs', isDefault: 1 };
export const tabOf = (id: number, name = `Tab ${id}`): Tab => ({ id, name, isDefault: 0 });
