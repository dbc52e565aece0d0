/**
 * Authorization matrix for every endpoint of the payment-issue survey (SPEC §4; §6: the owner and
 * managers pay, so the survey, its coupon, the payment method and the retry are theirs; a change
 * is the signed-in page's, never the extension's). Callers: signed out, member, manager, owner, an
 * admin of another workspace, a signed-in person without a workspace, and the extension's session
 * of a member and of the owner.
 *
 * Each cell starts from the same world: W has an open payment issue (a declined seat payment of
 * its owner) and an answer of its manager; W2 has none. A refused call writes nothing and reaches
 * no payment provider; another workspace's admin neither sees nor touches W's issue or answers.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CheckoutRequest, PaymentProvider } from '../../server/billing/provider';
import { paymentCheckouts, paymentSurveys, rateLimits, workspaces } from '../../server/db/schema';
import { billingEndpoints } from '../../src/contract/billing';
import { Code } from '../../src/contract/codes';
import { SOURCE_USER_HEADER } from '../../src/contract/endpoint';
import { callerTokens, callers, row, type Caller } from './support/authz-callers';
import type { World } from './support/team-world';
import { useTeamWorld } from './support/team-suite';
import type { TestApp } from './support/test-app';

let t: TestApp;
let w: World;
useTeamWorld((app, world) => ([t, w] = [app, world]));


const OK = Code.OK;
const ANON = Code.TOKEN_INVALID;
const F = Code.FORBIDDEN;
const NW = Code.NO_WORKSPACE;
const V = Code.VALIDATION;


/** A manager's read: the owner, managers and the owner's extension; another workspace's admin reads their own. */
const managerRead = row(ANON, F, OK, OK, OK, NW, F, OK);
/** A manager's change from the signed-in page; `otherAdmin`: what the same call does in W2 (no issue there). */
const managerChange = (otherAdmin: number) => row(ANON, F, OK, OK, otherAdmin, NW, F, F);

type Name = keyof typeof billingEndpoints;
type Cell = { body: unknown; expect: Record<Caller, number> };
const matrix: Partial<Record<Name, Cell>> = {
  paymentIssue: { body: {}, expect: managerRead },
  surveyList: { body: {}, expect: managerRead },
  surveySubmit: { body: { reason: 3, note: 'from the matrix' }, expect: managerChange(V) },
  couponApply: { body: {}, expect: managerChange(V) },
  paymentMethodSave: { body: { method: 'wallet' }, expect: managerChange(OK) },
  paymentIssueRetry: { body: {}, expect: managerChange(V) },
};
const names = Object.keys(matrix) as Name[];
/** The survey's endpoints (the others of the billing area are the seat and plan payments'). */
const surveyEndpoints: Name[] = ['paymentIssue', 'paymentIssueRetry', 'surveySubmit', 'surveyList', 'couponApply', 'paymentMethodSave'];

const W_MESSAGE = 'W card declined (secret)';
const W_NOTE = 'W manager note (secret)';

/** The provider every cell's app uses: it only records (a refused call must not reach it). */
const asked: CheckoutRequest[] = [];
const provider: PaymentProvider = {
  name: 'sandbox',
  createCheckout: async (request) => {
    asked.push(request);
    return { providerRef: `ref_${request.checkoutId}`, url: `https://pay.example/${request.checkoutId}` };
  },
  verifyCallback: async () => {
    throw new Error('not used');
  },
};

let wCheckout = '';
const makeWorld = async () => {
  await w.rebuild();
  await t.db.delete(rateLimits);
  t.rebuild({ payments: provider });
  asked.length = 0;
  const now = t.clock.now();
  wCheckout = `chk_${randomUUID()}`;
  await t.db.insert(paymentCheckouts).values({
    id: wCheckout,
    workspaceId: w.W,
    createdBy: w.who.admin.userId,
    kind: 'seats',
    planCode: 'pro',
    seatQuantity: 2,
    amountCents: 5000,
    currency: 'usd',
    prorationDate: new Date(now.getTime() - 120_000),
    paymentMethod: 'card',
    provider: 'sandbox',
    providerRef: `sbx_${wCheckout}`,
    status: 'failed',
    message: W_MESSAGE,
    createdAt: new Date(now.getTime() - 120_000),
    completedAt: new Date(now.getTime() - 60_000),
  });
  await t.db.update(workspaces).set({ paymentIssueAt: new Date(now.getTime() - 60_000) }).where(eq(workspaces.id, w.W));
  await t.db.insert(paymentSurveys).values({ id: randomUUID(), workspaceId: w.W, userId: w.who.manager.userId, checkoutId: wCheckout, reason: 2, note: W_NOTE, createdAt: new Date(now.getTime() - 30_000) });
};

/** The workspace's survey state: its row's payment columns, its checkouts and its answers. */
const snapshot = async (workspaceId: string) => {
  const [ws] = await t.db
    .select({
      paymentMethod: workspaces.paymentMethod,
      couponPercentOff: workspaces.couponPercentOff,
      couponTakenAt: workspaces.couponTakenAt,
      paymentIssueAt: workspaces.paymentIssueAt,
      extraSeats: workspaces.extraSeats,
    })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  const checkouts = await t.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.workspaceId, workspaceId)).orderBy(asc(paymentCheckouts.id));
  const answers = await t.db.select().from(paymentSurveys).where(eq(paymentSurveys.workspaceId, workspaceId)).orderBy(asc(paymentSurveys.id));
  return JSON.stringify({ ws, checkouts, answers });
};

const { post } = callerTokens(() => t, () => w);

const call = (name: Name, caller: Caller, body: unknown, headers: Record<string, string> = {}) => post(billingEndpoints[name].path, caller, body, headers);

describe('authorization matrix (SPEC §6)', () => {
  it('covers every endpoint of the survey', () => {
    expect([...names].sort()).toEqual([...surveyEndpoints].sort());
    for (const name of surveyEndpoints) expect(billingEndpoints[name].access).toBe('manager');
  });

  for (const name of names) {
    const cell = matrix[name]!;
    for (const caller of callers) {
      const expected = cell.expect[caller];
      it(`${name} as ${caller} -> ${expected}`, async () => {
        await makeWorld();
        const before = { W: await snapshot(w.W), W2: await snapshot(w.W2) };
        const res = await call(name, caller, cell.body);
        expect(res.code, res.message).toBe(expected);
        if (expected !== OK) {
          // A refused call leaves both workspaces exactly as they were and reaches no provider.
          expect(await snapshot(w.W)).toBe(before.W);
          expect(await snapshot(w.W2)).toBe(before.W2);
          expect(asked).toEqual([]);
        }
        if (caller === 'otherAdmin') {
          // Another workspace's admin acts in their own workspace only: W is untouched and unseen.
          expect(await snapshot(w.W)).toBe(before.W);
          for (const secret of [wCheckout, W_MESSAGE, W_NOTE, w.who.manager.email]) expect(res.text).not.toContain(secret);
          expect(asked).toEqual([]);
        }
        if (expected === OK && caller !== 'otherAdmin') {
          if (name === 'paymentIssue') expect(res.data).toMatchObject({ open: true, checkout_id: wCheckout, message: W_MESSAGE });
          if (name === 'surveyList') expect(res.data).toMatchObject({ list: [{ note: W_NOTE, email: w.who.manager.email }] });
          if (name === 'paymentIssueRetry') expect(asked.map((r) => r.workspaceId)).toEqual([w.W]);
        }
        if (expected === OK && caller === 'otherAdmin') {
          if (name === 'paymentIssue') expect(res.data).toMatchObject({ open: false, checkout_id: null, message: null });
          if (name === 'surveyList') expect(res.data).toEqual({ list: [] });
          if (name === 'paymentMethodSave') expect(JSON.parse(await snapshot(w.W2)).ws.paymentMethod).toBe('wallet');
        }
      });
    }
  }
});

describe('source-user header (ignored by the survey: it is the caller’s own workspace)', () => {
  for (const name of names) {
    it(`${name}: a member sending the header is still refused`, async () => {
      await makeWorld();
      const before = await snapshot(w.W);
      const res = await call(name, 'member', matrix[name]!.body, { [SOURCE_USER_HEADER]: w.who.admin.userId });
      expect(res.code).toBe(F);
      expect(await snapshot(w.W)).toBe(before);
      expect(asked).toEqual([]);
    });

    it(`${name}: a manager naming someone of another workspace gets the manager’s own answer; the other workspace is untouched`, async () => {
      await makeWorld();
      const before = await snapshot(w.W2);
      const res = await call(name, 'manager', matrix[name]!.body, { [SOURCE_USER_HEADER]: w.who.otherAdmin.userId });
      expect(res.code, res.message).toBe(matrix[name]!.expect.manager);
      expect(await snapshot(w.W2)).toBe(before);
    });
  }
});
