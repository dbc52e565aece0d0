/**
 * Schema-driven fuzzing of the contract (src/contract): every endpoint's request schema is walked
 * (objects, arrays, optionals, nullables, defaults, unions), a valid request is built from it, and
 * each field in turn is replaced by boundary values the wire can carry: numbers past PostgreSQL
 * `integer` and past year 9999 in milliseconds, -1, a fraction, 1e400 (which JSON reads as
 * Infinity), the string "NaN", text one character over the field's limit, 100 KB of text, text
 * holding NUL, a list where a scalar belongs, an object where a list belongs ...
 *
 * What must hold (SPEC §8: a bad request is refused, never a server failure):
 * - a value the contract refuses, and every value the bounds rule says it must refuse (any number
 *   out of range, NUL, oversized text, a value of the wrong shape), is answered VALIDATION (or
 *   BODY_TOO_LARGE when the body passes the endpoint's size limit) and writes nothing;
 * - text one character over a field's limit is refused with a message that states the limit;
 * - no answer is INTERNAL (109500) or an HTTP 5xx, whatever the value.
 */
import { getTableName, sql, type Table } from 'drizzle-orm';
import { defaultRateLimits } from '../../../server/config';
import { allTables } from '../../../server/db/schema';
import { allEndpoints, type AreaName } from '../../../src/contract/all-endpoints';
import { camelKeys, snakeKeys, toCamel, toSnake } from '../../../src/contract/case';
import { chatsEndpoints } from '../../../src/contract/chats';
import { Code } from '../../../src/contract/codes';
import type { Endpoint } from '../../../src/contract/endpoint';
import { importRelation } from '../../../src/contract/lead-files';
import { leadCalls } from '../../../src/contract/leads';
import { tagsEndpoints } from '../../../src/contract/tags';
import { addMember, createWorkspace, signUp, type SignedIn } from './accounts';
import { CLOCK_START, setupTestApp, type Answer, type TestApp } from './test-app';

// ---------------------------------------------------------------- the schema walker

type Schema = { safeParse(value: unknown): { success: boolean } };
type CheckDef = { check: string; minimum?: number; maximum?: number; value?: number; inclusive?: boolean; format?: string; pattern?: RegExp };
type Def = {
  type: string;
  innerType?: Schema;
  shape?: Record<string, Schema>;
  element?: Schema;
  options?: Schema[];
  values?: unknown[];
  entries?: Record<string, string | number>;
  checks?: { _zod: { def: CheckDef } }[];
  format?: string;
};
const defOf = (s: Schema): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** A schema without its optional, nullable and default wrappers. */
const unwrap = (s: Schema): Schema => {
  let cur = s;
  for (;;) {
    const d = defOf(cur);
    if ((d.type === 'optional' || d.type === 'nullable' || d.type === 'default' || d.type === 'prefault' || d.type === 'readonly') && d.innerType) cur = d.innerType;
    else return cur;
  }
};

type Bounds = { min?: number; max?: number; minLength?: number; maxLength?: number };
const boundsOf = (s: Schema): Bounds => {
  const b: Bounds = {};
  for (const c of defOf(s).checks ?? []) {
    const d = c._zod.def;
    if (d.check === 'greater_than' && d.value !== undefined) b.min = d.value;
    if (d.check === 'less_than' && d.value !== undefined) b.max = d.value;
    if (d.check === 'min_length' && d.minimum !== undefined) b.minLength = d.minimum;
    if (d.check === 'max_length' && d.maximum !== undefined) b.maxLength = d.maximum;
  }
  return b;
};

export type Kind = 'string' | 'int' | 'number' | 'boolean' | 'choice' | 'array' | 'object' | 'file' | 'other';
const kindOf = (s: Schema): Kind => {
  const d = defOf(s);
  switch (d.type) {
    case 'string':
      return 'string';
    case 'number':
      return d.format === 'safeint' || d.format === 'int32' ? 'int' : 'number';
    case 'boolean':
      return 'boolean';
    case 'enum':
    case 'literal':
      return 'choice';
    case 'array':
      return 'array';
    case 'object':
      return 'object';
    case 'custom':
      return 'file';
    default:
      return 'other';
  }
};

type Path = (string | number)[];
/** Where in a request a field is, and its schema (unwrapped). */
export type Leaf = { path: Path; schema: Schema; kind: Kind; bounds: Bounds };

const pathKey = (path: Path): string => path.join('.');
const lastKey = (path: Path): string => String([...path].reverse().find((p) => typeof p === 'string') ?? '');

/** Options chosen for the unions of a request, by the union's path (absent: the first). */
type Picks = Map<string, number>;

/** Every field of a request (the root excluded), and the unions met on the way. */
const walk = (schema: Schema, picks: Picks, path: Path = [], out: { leaves: Leaf[]; unions: { path: Path; options: number }[] } = { leaves: [], unions: [] }) => {
  const s = unwrap(schema);
  const d = defOf(s);
  if (d.type === 'union' && d.options) {
    out.unions.push({ path, options: d.options.length });
    walk(d.options[picks.get(pathKey(path)) ?? 0]!, picks, path, out);
    return out;
  }
  const kind = kindOf(s);
  if (path.length > 0) out.leaves.push({ path, schema: s, kind, bounds: boundsOf(s) });
  if (kind === 'object') for (const [key, field] of Object.entries(d.shape ?? {})) walk(field, picks, [...path, key], out);
  if (kind === 'array' && d.element) walk(d.element, picks, [...path, 0], out);
  return out;
};

// ---------------------------------------------------------------- valid requests

/** Ids of the things the fuzzed calls name, per caller (their own lead, tab and chat). */
export type Fixtures = {
  workspaceId: string;
  /** A user outside the workspace (so no member is changed by a call naming them). */
  strangerUserId: string;
  leadId: string;
  tabId: number;
  conversationId: string;
  tagTypeId: number;
  tagId: number;
  tagValueId: number;
};

const PASSWORD_SAMPLE = 'fuzz-password-1';
/** Strings tried (in order) where a field's name gives no sample; the first the field takes is used. */
const stringPool = ['fuzz@example.com', '123456', '15550009999', '15550004321@c.us', '1990-01-02', 'US', 'fuzz'];

const namedString = (key: string, path: Path, f: Fixtures): string | undefined => {
  switch (key) {
    case 'id':
    case 'contactId':
    case 'ids':
    case 'excludedIds':
      return f.leadId;
    case 'conversationId':
      return f.conversationId;
    case 'workspaceId':
      return f.workspaceId;
    case 'userId':
    case 'targetUserId':
      return f.strangerUserId;
    case 'password':
    case 'oldPassword':
    case 'newPassword':
      return PASSWORD_SAMPLE;
    case 'credential':
      return 'google-credential-sample';
    case 'refreshToken':
      return 'r'.repeat(32);
    case 'inviteToken':
      return 'fuzz-invite-token';
    case 'relation':
      return '{"name":0,"phone":1}';
    case 'tabId':
      return String(f.tabId);
    case 'type':
      return path[0] === 'messages' ? 'chat' : undefined;
    case 'currency':
      return 'USD';
    // Invite links (src/contract/share-links.ts): a group link (the first type), in a known time zone.
    case 'links':
      return 'https://chat.whatsapp.com/AbCdEfGhIjKlMnOpQrStUv';
    case 'timeZone':
      return 'UTC';
    // Webhook settings (src/contract/integrations.ts): a public https address.
    case 'receivedUrl':
    case 'sentUrl':
      return 'https://hooks.example.com/webhook';
    default:
      return undefined;
  }
};

const namedNumber = (key: string, endpointName: string, path: Path, f: Fixtures): number | undefined => {
  if (key === 'id') {
    if (path[0] === 'values') return f.tagValueId;
    return endpointName.startsWith('tagType') ? f.tagTypeId : f.tagId;
  }
  if (key === 'tabId' || key === 'tabIds') return f.tabId;
  if (key === 'tagTypeId') return f.tagTypeId;
  if (/TagValueIds$|^tagValueIds$/.test(key)) return f.tagValueId;
  if (/Time$|^timestamp$/.test(key)) return CLOCK_START.getTime();
  return undefined;
};

/** A valid value of a field (the fixtures' ids where the field names one). */
const sample = (schema: Schema, path: Path, endpointName: string, f: Fixtures, picks: Picks): unknown => {
  const s = unwrap(schema);
  const d = defOf(s);
  const key = lastKey(path);
  const fits = (v: unknown) => s.safeParse(v).success;
  const first = (candidates: unknown[]) => {
    const found = candidates.find((c) => c !== undefined && fits(c));
    if (found === undefined) throw new Error(`contract fuzz: no valid sample for ${endpointName} ${pathKey(path)}; add one to tests/server/support/contract-fuzz.ts`);
    return found;
  };
  const b = boundsOf(s);
  switch (d.type) {
    case 'union':
      return sample(d.options![picks.get(pathKey(path)) ?? 0]!, path, endpointName, f, picks);
    case 'object':
      return Object.fromEntries(Object.entries(d.shape ?? {}).map(([k, v]) => [k, sample(v, [...path, k], endpointName, f, picks)]));
    case 'array': {
      const element = sample(d.element!, [...path, 0], endpointName, f, picks);
      // A group set of invite links needs at least two (MIN_GROUP_LINKS, a rule of the set, not of the array).
      return Array.from({ length: Math.max(key === 'links' ? 2 : 1, b.minLength ?? 0) }, () => element);
    }
    case 'string':
      return first([namedString(key, path, f), ...stringPool, 'f'.repeat(Math.max(4, b.minLength ?? 0))]);
    case 'number':
      return first([namedNumber(key, endpointName, path, f), b.min, 0, 1]);
    case 'boolean':
      return false;
    case 'enum':
      return Object.values(d.entries ?? {})[0];
    case 'literal':
      return d.values?.[0];
    case 'custom':
      return new File(['name,phone\r\nFuzz import,+15550007777'], 'leads.csv', { type: 'text/csv' });
    default:
      return first([null, 'fuzz', 0, false]);
  }
};

/** A deep copy that keeps files as they are (structuredClone turns a File into a plain Blob). */
const copyOf = (value: unknown): unknown => {
  if (value instanceof File || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copyOf);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copyOf(v)]));
};

const setAt = (body: unknown, path: Path, value: unknown): unknown => {
  if (path.length === 0) return value;
  const copy = copyOf(body) as Record<string | number, unknown>;
  let cur = copy;
  for (const p of path.slice(0, -1)) cur = cur[p] as Record<string | number, unknown>;
  cur[path[path.length - 1]!] = value;
  return copy;
};

// ---------------------------------------------------------------- the values sent

/** A JSON number token the wire carries but JSON.stringify cannot write (1e400 reads as Infinity). */
const raw = (token: string) => `__raw:${token}__`;
const RAW_PATTERN = /"__raw:([^"]+)__"/g;

/**
 * `refuse`: the bounds rule says the value must be refused whatever the schema says.
 * `schema`: refused exactly when the contract's schema refuses it (e.g. '' in an optional text).
 */
type Mutation = { label: string; value: unknown; must: 'refuse' | 'schema'; statesLimit?: number };

/**
 * An integer field takes nothing beyond its bounds (which it must declare: ids within PostgreSQL
 * `integer`, times within 1970..9999, src/contract/bounds.ts), no fraction; any number field
 * refuses what is not a finite number.
 */
const numberMutations = (leaf: Leaf): Mutation[] => {
  const { min, max } = leaf.bounds;
  const int = leaf.kind === 'int';
  const past = (v: number): Mutation['must'] => (int && (max === undefined || v > max) ? 'refuse' : 'schema');
  const out: Mutation[] = [
    { label: '2^31', value: 2 ** 31, must: past(2 ** 31) },
    { label: '9e15', value: 9e15, must: past(9e15) },
    { label: '2^53', value: 2 ** 53, must: past(2 ** 53) },
    { label: '-1', value: -1, must: int && (min === undefined || min > -1) ? 'refuse' : 'schema' },
    { label: '1e400 (Infinity)', value: raw('1e400'), must: 'refuse' },
    { label: '"NaN"', value: 'NaN', must: 'refuse' },
    { label: 'list for a number', value: [1], must: 'refuse' },
    { label: 'null', value: null, must: 'schema' },
  ];
  if (int) out.push({ label: '1.5', value: 1.5, must: 'refuse' });
  if (max !== undefined && max < Number.MAX_SAFE_INTEGER) out.push({ label: `max+1 (${max + 1})`, value: max + 1, must: 'refuse' });
  if (min !== undefined && min - 1 !== -1) out.push({ label: `min-1 (${min - 1})`, value: min - 1, must: 'refuse' });
  return out;
};

/** A field that breaks the bounds rule by its declaration alone (src/contract/bounds.ts), or null. */
const unbounded = (leaf: Leaf): string | null => {
  if (leaf.kind === 'other') return `a field of a schema type the fuzz does not know (${defOf(leaf.schema).type}): teach tests/server/support/contract-fuzz.ts`;
  if (leaf.kind === 'int' && (leaf.bounds.min === undefined || leaf.bounds.max === undefined)) return 'an integer without a lower and an upper bound';
  const regex = (defOf(leaf.schema).checks ?? []).some((c) => c._zod.def.format === 'regex');
  if (leaf.kind === 'string' && leaf.bounds.maxLength === undefined && !regex) return 'a text without a maximum length (or a pattern that bounds it)';
  return null;
};

const stringMutations = (leaf: Leaf): Mutation[] => {
  const out: Mutation[] = [
    { label: 'empty string', value: '', must: 'schema' },
    { label: '100 KB string', value: 'x'.repeat(100_000), must: 'refuse' },
    { label: 'string with NUL', value: 'a\u0000b', must: 'refuse' },
    { label: 'number for a string', value: 2 ** 31, must: 'refuse' },
    { label: 'list for a string', value: ['x'], must: 'refuse' },
    { label: 'null', value: null, must: 'schema' },
  ];
  const { maxLength } = leaf.bounds;
  if (maxLength !== undefined) out.push({ label: `${maxLength + 1} characters`, value: 'x'.repeat(maxLength + 1), must: 'refuse', statesLimit: maxLength });
  return out;
};

const mutationsOf = (leaf: Leaf, element: unknown): Mutation[] => {
  switch (leaf.kind) {
    case 'int':
    case 'number':
      return numberMutations(leaf);
    case 'string':
      return stringMutations(leaf);
    case 'boolean':
      return [
        { label: '"true"', value: 'true', must: 'refuse' },
        { label: 'list for a boolean', value: [true], must: 'refuse' },
        { label: 'null', value: null, must: 'schema' },
      ];
    case 'choice':
      return [
        { label: 'not a choice', value: 'no-such-choice', must: 'refuse' },
        { label: '2^31 for a choice', value: 2 ** 31, must: 'refuse' },
        { label: 'list for a choice', value: ['x'], must: 'refuse' },
        { label: 'null', value: null, must: 'schema' },
      ];
    case 'array': {
      const out: Mutation[] = [
        { label: 'object for a list', value: {}, must: 'refuse' },
        { label: 'empty list', value: [], must: 'schema' },
        { label: 'null', value: null, must: 'schema' },
      ];
      const { maxLength } = leaf.bounds;
      if (maxLength !== undefined) out.push({ label: `${maxLength + 1} items`, value: Array.from({ length: maxLength + 1 }, () => element), must: 'refuse' });
      return out;
    }
    case 'object':
      return [
        { label: 'list for an object', value: [], must: 'refuse' },
        { label: 'null', value: null, must: 'schema' },
      ];
    default:
      return [];
  }
};

/** Text fields holding JSON, by name, and the schema the server reads them with. */
const jsonTextFields: Record<string, Schema> = { relation: importRelation };

/** The request's own shape refused: a list, a string, a number instead of the object. */
const rootMutations: Mutation[] = [
  { label: 'list for the body', value: [], must: 'refuse' },
  { label: '1e400 for the body', value: raw('1e400'), must: 'refuse' },
];

// ---------------------------------------------------------------- the wire

/** JSON text with the raw number tokens written as they are. */
const jsonText = (value: unknown): string => JSON.stringify(value).replace(RAW_PATTERN, (_, token: string) => token);
/** The JSON text a request is sent as (snake_case keys). */
const wireText = (body: unknown): string => jsonText(snakeKeys(body));

/** The request as the server's parse (server/http/route.ts) meets it: JSON read back, or multipart fields as text. */
const asReceived = (endpoint: Endpoint, body: unknown): unknown => {
  if (endpoint.body !== 'multipart') return camelKeys(JSON.parse(wireText(body)));
  return Object.fromEntries([...formOf(body as Record<string, unknown>).entries()].map(([key, value]) => [toCamel(key), value]));
};
/** Whether the endpoint's request schema refuses a request. */
const schemaRefuses = (endpoint: Endpoint, body: unknown): boolean => !endpoint.request.safeParse(asReceived(endpoint, body)).success;

/** A multipart request: text fields as strings, the file as a file. */
const formOf = (body: Record<string, unknown>): FormData => {
  const form = new FormData();
  for (const [key, value] of Object.entries(snakeKeys(body) as Record<string, unknown>)) {
    if (value === undefined) continue;
    form.append(key, value instanceof File ? value : typeof value === 'string' ? value : JSON.stringify(value));
  }
  return form;
};

// ---------------------------------------------------------------- the run

/** Codes a refused value may be answered with: validation, or a body over the endpoint's limit. */
const refusals = new Set<number>([Code.VALIDATION, Code.BODY_TOO_LARGE]);

export type Problem = string;
export type FuzzCase = { area: AreaName; name: string; endpoint: Endpoint };
export type Tally = { requests: number; accepted: number; internal: { name: string; label: string; message: string }[] };

/**
 * The caller each access needs: public calls go without a token, cookie calls with the stranger's
 * session cookie, session calls as the stranger (signed in, no workspace), member calls as the
 * member, manager and owner calls as the owner.
 */
type Caller = { token?: string; cookie?: string; fixtures: Fixtures };

export type FuzzWorld = {
  t: TestApp;
  callerOf(endpoint: Endpoint): Caller;
  tally: Tally;
  /** Request schemas fuzzed in full already (the /admin and /member endpoints of a call share theirs). */
  fuzzed: Set<unknown>;
};

/** Every table but the session bookkeeping a signed-in call may touch. */
const fingerprintTables = Object.values(allTables)
  .map((table: Table) => getTableName(table))
  .filter((name) => !['sessions', 'rate_limits'].includes(name));

/** One hash of every row of every table (but sessions and rate limits), to tell "nothing written". */
export const fingerprint = async (t: TestApp): Promise<string> => {
  const parts = fingerprintTables.map((name) => `SELECT '${name}' AS t, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM "${name}" x`);
  const result = await t.db.execute(sql.raw(parts.join(' UNION ALL ')));
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { t: string; h: string }[];
  return rows.map((r) => `${r.t}:${r.h}`).join(',');
};

/** One app, three people (owner, member, a stranger without a workspace) and the things the calls name. */
export const setupFuzzWorld = async (): Promise<FuzzWorld> => {
  // The file calls' rate limits are raised: the fuzz sends hundreds of imports and exports, and the
  // limit (checked in the handler) would answer before the import's relation text is read.
  const many = { limit: 1_000_000, windowSeconds: 60 };
  const t = await setupTestApp({ config: { rateLimits: { ...defaultRateLimits, fileUser: many, fileAddress: many } } });
  const owner = await signUp(t, 'fuzz-owner@example.com');
  const member = await signUp(t, 'fuzz-member@example.com');
  const stranger = await signUp(t, 'fuzz-stranger@example.com');
  const workspaceId = await createWorkspace(t, owner, 'Fuzz team');
  await addMember(t, workspaceId, member, 'member');

  const ok = async (res: Promise<Answer>) => {
    const answer = await res;
    if (answer.code !== Code.OK) throw new Error(`contract fuzz setup: ${answer.code} ${answer.message}`);
    return camelKeys(answer.data) as Record<string, unknown>;
  };
  const tagType = await ok(t.post(tagsEndpoints.tagTypeAdd.path, { name: 'Fuzz type' }, { token: owner.accessToken }));
  const tag = await ok(t.post(tagsEndpoints.tagAdd.path, { tag_type_id: tagType.id, name: 'Fuzz tag', values: ['one', 'two'] }, { token: owner.accessToken }));
  const tagIds = { tagTypeId: tagType.id as number, tagId: tag.id as number, tagValueId: (tag.values as { id: number }[])[0]!.id };

  const own = async (who: SignedIn, prefix: 'admin' | 'member'): Promise<Fixtures> => {
    const token = who.accessToken;
    const tab = await ok(t.post(leadCalls.tabAdd[prefix].path, { tab_name: 'Fuzz tab' }, { token }));
    const lead = await ok(t.post(leadCalls.leadsAdd[prefix].path, { name: 'Fuzz lead', tab_id: tab.id, phone: '+15550001234' }, { token }));
    const chatId = '15550004321@c.us';
    await ok(
      t.post(
        chatsEndpoints.syncUpload.path,
        {
          number: '15550009999',
          chats: [{ chat_whatsapp_id: chatId, name: 'Fuzz chat' }],
          messages: [{ chat_whatsapp_id: chatId, msg_key: 'fuzz-1', send_time: CLOCK_START.getTime(), from_me: false, type: 'chat', text: 'hello' }],
          first_batch: true,
          final: true,
        },
        { token },
      ),
    );
    const page = await ok(t.post(prefix === 'admin' ? '/admin/workspace/conversation/list/by-page' : '/member/workspace/conversation/list/by-page', {}, { token }));
    const conversationId = (page.rows as { id: string }[])[0]!.id;
    return { workspaceId, strangerUserId: stranger.userId, leadId: lead.id as string, tabId: tab.id as number, conversationId, ...tagIds };
  };
  const ownerFixtures = await own(owner, 'admin');
  const memberFixtures = await own(member, 'member');
  // The stranger has no workspace: the ids of the owner's things (they are refused before any lookup anyway).
  const strangerFixtures = ownerFixtures;

  return {
    t,
    tally: { requests: 0, accepted: 0, internal: [] },
    fuzzed: new Set(),
    callerOf(endpoint) {
      switch (endpoint.access) {
        case 'public':
          return { fixtures: strangerFixtures };
        case 'cookie':
          return { cookie: stranger.cookie, fixtures: strangerFixtures };
        case 'session':
          return { token: stranger.accessToken, fixtures: strangerFixtures };
        case 'member':
          return { token: member.accessToken, fixtures: memberFixtures };
        default:
          return { token: owner.accessToken, fixtures: ownerFixtures };
      }
    },
  };
};

/**
 * Calls that change what later calls rely on (the fixtures) when a value the contract accepts gets
 * through, so they run last. Values the contract refuses never reach their handlers.
 */
const runsLast = (name: string) => /Delete|Disband|Leave|Revoke|logout|changePassword|reset$/i.test(name);

/** Per field, the one value an endpoint sharing an already fuzzed schema is sent. */
const representatives = <T extends { leaf: Leaf | null; m: Mutation }>(mutations: T[]): T[] => {
  const byField = new Map<Leaf | null, T>();
  for (const x of mutations) {
    const kept = byField.get(x.leaf);
    if (x.m.must !== 'refuse') continue;
    if (!kept || (x.m.statesLimit !== undefined && kept.m.statesLimit === undefined)) byField.set(x.leaf, x);
  }
  return [...byField.values()];
};

/** The endpoints of the contract (of some areas, if given), in the order they are fuzzed. */
export const fuzzCases = (areas?: readonly AreaName[]): FuzzCase[] =>
  allEndpoints.filter((e) => !areas || areas.includes(e.area)).sort((a, b) => Number(runsLast(a.name)) - Number(runsLast(b.name)));

/** Fuzzes one endpoint; the problems found (empty when it holds). */
export const fuzzEndpoint = async (world: FuzzWorld, { name, endpoint }: FuzzCase): Promise<Problem[]> => {
  const { t } = world;
  const caller = world.callerOf(endpoint);
  const problems: Problem[] = [];
  const send = async (label: string, body: unknown): Promise<Answer> => {
    world.tally.requests += 1;
    const options = { ...(caller.token ? { token: caller.token } : {}), ...(caller.cookie !== undefined ? { cookie: caller.cookie } : {}) };
    const answer =
      endpoint.body === 'multipart'
        ? await t.request('POST', endpoint.path, { ...options, raw: formOf(body as Record<string, unknown>) })
        : await t.request(endpoint.method, endpoint.path, { ...options, raw: wireText(body) });
    if (answer.code === Code.INTERNAL) world.tally.internal.push({ name, label, message: answer.message });
    if (answer.code === Code.INTERNAL || answer.status >= 500) problems.push(`${label}: server failure (HTTP ${answer.status}, code ${answer.code})`);
    return answer;
  };

  // A GET call's request is its query string; every GET call of the contract takes none.
  if (endpoint.method === 'GET') {
    const fields = walk(endpoint.request, new Map()).leaves;
    if (fields.length > 0) problems.push('a GET call with request fields: teach the fuzz to send them as a query string');
    const answer = await t.request('GET', `${endpoint.path}?id=${2 ** 31}&time=9e15&page=NaN`, caller.token ? { token: caller.token } : {});
    if (answer.code === Code.INTERNAL || answer.status >= 500) problems.push(`query of bad values: server failure (${answer.code})`);
    world.tally.requests += 1;
    return problems;
  }

  // The /admin and /member endpoints of a call share one request schema and one handler
  // (src/contract/role-pair.ts, server/http/role-pair.ts): the second of a pair gets, per field, one
  // value the bounds refuse (the text one character over its limit where there is one), and none
  // of the values the contract takes. Every endpoint still meets every field.
  const twin = world.fuzzed.has(endpoint.request);
  world.fuzzed.add(endpoint.request);
  const base = walk(endpoint.request, new Map());
  // One request per union option (the contact selection's modes), each fuzzing only its own option's fields.
  const variants: { picks: Picks; under: Path | null }[] = [{ picks: new Map(), under: null }];
  for (const u of base.unions) for (let i = 1; i < u.options; i++) variants.push({ picks: new Map([[pathKey(u.path), i]]), under: u.path });

  const accepted: { label: string; body: unknown }[] = [];
  const before = await fingerprint(t);
  for (const { picks, under } of variants) {
    const body = sample(endpoint.request, [], name, caller.fixtures, picks);
    if (schemaRefuses(endpoint, body)) {
      problems.push(`the fuzz's valid request is refused by the contract: ${JSON.stringify(asReceived(endpoint, body)).slice(0, 300)}`);
      continue;
    }
    const leaves = walk(endpoint.request, picks).leaves.filter((l) => under === null || (pathKey(l.path).startsWith(pathKey(under)) && l.path.length > under.length));
    const mutations: { leaf: Leaf | null; m: Mutation }[] = under === null && endpoint.body !== 'multipart' ? rootMutations.map((m) => ({ leaf: null, m })) : [];
    for (const leaf of leaves) {
      const problem = unbounded(leaf);
      if (problem) problems.push(`${pathKey(leaf.path)}: ${problem}`);
      if (leaf.kind === 'file') {
        mutations.push({ leaf, m: { label: 'text for the file', value: 'not a file', must: 'refuse' } });
        continue;
      }
      const element = leaf.kind === 'array' ? sample(defOf(leaf.schema).element!, [...leaf.path, 0], name, caller.fixtures, picks) : undefined;
      for (const m of mutationsOf(leaf, element)) mutations.push({ leaf, m });
      // A multipart text field that names a number: numbers written as text.
      if (endpoint.body === 'multipart' && leaf.kind === 'string' && lastKey(leaf.path) === 'tabId') {
        for (const v of ['2147483648', '9999999999', '-1', '1.5', 'NaN', 'Infinity', '1e400', ' 1']) mutations.push({ leaf, m: { label: `"${v}" as a tab id`, value: v, must: 'refuse' } });
      }
      // A JSON-text field (the import's relation): the fields inside it are fuzzed as JSON.
      const inner = endpoint.body === 'multipart' ? jsonTextFields[lastKey(leaf.path)] : undefined;
      if (inner) {
        const innerBody = sample(inner, [], name, caller.fixtures, new Map());
        for (const innerLeaf of walk(inner, new Map()).leaves) {
          const problem = unbounded(innerLeaf);
          if (problem) problems.push(`${pathKey(leaf.path)}.${pathKey(innerLeaf.path)}: ${problem}`);
          for (const m of mutationsOf(innerLeaf, undefined)) {
            // The server reads the text with the inner schema as it is (no key conversion).
            const text = jsonText(setAt(innerBody, innerLeaf.path, m.value));
            const must = m.must === 'refuse' || !inner.safeParse(JSON.parse(text)).success ? 'refuse' : 'schema';
            mutations.push({ leaf, m: { label: `${pathKey(innerLeaf.path)} = ${m.label} (in the JSON text)`, value: text, must } });
          }
        }
      }
    }
    const sent = twin ? representatives(mutations) : mutations;
    for (const { leaf, m } of sent) {
      const where = leaf ? pathKey(leaf.path) : '(body)';
      const label = `${where} = ${m.label}`;
      const mutated = leaf ? setAt(body, leaf.path, m.value) : m.value;
      const mustRefuse = m.must === 'refuse' || schemaRefuses(endpoint, mutated);
      if (!mustRefuse) {
        accepted.push({ label, body: mutated });
        continue;
      }
      const answer = await send(label, mutated);
      // The server names the refused field first (server/http/route.ts, validationMessage), snake_case as on the wire.
      const field = leaf ? leaf.path.map((p) => (typeof p === 'string' ? toSnake(p) : String(p))).join('.') : null;
      if (!refusals.has(answer.code)) problems.push(`${label}: answered ${answer.code} (${answer.message}), not a refusal`);
      else if (answer.code === Code.VALIDATION && field !== null && !answer.message.startsWith(field)) {
        problems.push(`${label}: refused for another field than the one fuzzed: ${answer.message}`);
      } else if (m.statesLimit !== undefined && answer.code === Code.VALIDATION && !answer.message.includes(`at most ${m.statesLimit} characters`)) {
        problems.push(`${label}: the message does not state the limit of ${m.statesLimit} characters: ${answer.message}`);
      }
    }
  }
  const after = await fingerprint(t);
  if (after !== before) problems.push('a refused request changed the database');
  // Values the contract takes (an empty optional text, say) may do what they do, but never fail the server.
  world.tally.accepted += accepted.length;
  for (const { label, body } of accepted) await send(label, body);
  return problems;
};
