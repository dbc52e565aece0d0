/**
 * Authorization matrix for the seat and plan payment endpoints (SPEC §6: only the owner and
 * managers buy; a payment is the signed-in page's, never the extension's). Callers: signed out,
 * member, manager, owner, an admin of another workspace, a signed-in person without a workspace,
 * and the extension's session of a member and of the owner. Each cell starts from the same world
 * (W on Pro with one pending checkout); a refused call writes nothing; another workspace's admin
 * prices and pays for their own workspace and cannot read W's checkout (NOT_FOUND). Then the
 * source-user header: ignored by these endpoints, so it never changes whose workspace pays.
 */
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentCheckouts, paymentEvents, rateLimits, workspaces } from '../../server/db/schema';
import { WEB_SESSION_ONLY_MESSAGE } from '../../server/http/route';
import { endpointsByName as endpoints, type EndpointName } from '../../src/contract/all-endpoints';
import { billingEndpoints } from '../../src/contract/billing';
import { snakeKeys } from '../../src/contract/case';
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
const NF = Code.NOT_FOUND;


/** A manager's read: the owner, managers and the owner's extension; another workspace's admin reads their own. */
const managerRead = (otherAdmin: number) => row(ANON, F, OK, OK, otherAdmin, NW, F, OK);
/** A payment: from the signed-in page of the owner or a manager only. */
const payment = row(ANON, F, OK, OK, OK, NW, F, F);

const W_CHECKOUT = 'chk_W0000000000000000000000';
const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);

type Name = keyof typeof billingEndpoints & ('seatPrice' | 'seatPayment' | 'subscriptionPreview' | 'subscriptionUpdate' | 'checkoutStatus');
type Cell = { body: () => unknown; expect: Record<Caller, number> };
const matrix: Record<Name, Cell> = {
  seatPrice: { body: () => ({ planId: 'pro', seatQuantity: 2 }), expect: managerRead(OK) },
  seatPayment: { body: () => ({ planId: 'pro', seatQuantity: 2, prorationDate: nowSeconds() }), expect: payment },
  subscriptionPreview: { body: () => ({ planId: 'growth' }), expect: managerRead(OK) },
  subscriptionUpdate: { body: () => ({ planId: 'growth', prorationDate: nowSeconds() }), expect: payment },
  // Another workspace's admin asks about W's checkout: not theirs to see.
  checkoutStatus: { body: () => ({ checkoutId: W_CHECKOUT }), expect: managerRead(NF) },
};
const names = Object.keys(matrix) as Name[];

const DAY_MS = 86_400_000;

/** W and W2 on Pro for 30 days from now; W has one pending checkout. */
const makeWorld = async () => {
  await w.rebuild();
  await t.db.delete(rateLimits);
  const now = t.clock.now();
  for (const id of [w.W, w.W2]) {
    await t.db.update(workspaces).set({ planCode: 'pro', planStart: now, planEnd: new Date(now.getTime() + 30 * DAY_MS) }).where(eq(workspaces.id, id));
  }
  await t.db.insert(paymentCheckouts).values({
    id: W_CHECKOUT,
    workspaceId: w.W,
    createdBy: w.who.admin.userId,
    kind: 'seats',
    planCode: 'pro',
    seatQuantity: 1,
    amountCents: 2500,
    currency: 'usd',
    prorationDate: now,
    periodEnd: new Date(now.getTime() + 30 * DAY_MS),
    paymentMethod: 'card',
    provider: 'sandbox',
    providerRef: 'sbx_W000000000000000000000',
    status: 'pending',
    createdAt: now,
  });
};

/** A workspace's row, checkouts and payment events, for "nothing written" checks. */
const snapshot = async (workspaceId: string) =>
  JSON.stringify({
    ws: (await t.db.select().from(workspaces).where(eq(workspaces.id, workspaceId)))[0],
    checkouts: await t.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.workspaceId, workspaceId)).orderBy(asc(paymentCheckouts.id)),
    events: await t.db.select().from(paymentEvents).where(eq(paymentEvents.workspaceId, workspaceId)).orderBy(asc(paymentEvents.eventId)),
  });
const checkoutsOf = (workspaceId: string) => t.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.workspaceId, workspaceId));

const { reset: resetTokens, post } = callerTokens(() => t, () => w);

const call = (name: EndpointName, caller: Caller, body: unknown, headers: Record<string, string> = {}) => post(endpoints[name].path, caller, snakeKeys(body), headers);

beforeAll(() => {
  resetTokens();
});

describe('authorization matrix (SPEC §6)', () => {
  it('covers every seat and plan payment endpoint, all of them for the owner and managers only', () => {
    expect([...names].sort()).toEqual(['checkoutStatus', 'seatPayment', 'seatPrice', 'subscriptionPreview', 'subscriptionUpdate']);
    for (const name of names) expect(billingEndpoints[name].access).toBe('manager');
  });

  for (const name of names) {
    for (const caller of callers) {
      const expected = matrix[name].expect[caller];
      it(`${name} as ${caller} -> ${expected}`, async () => {
        await makeWorld();
        const before = { W: await snapshot(w.W), W2: await snapshot(w.W2) };
        const res = await call(name, caller, matrix[name].body());
        expect(res.code, res.message).toBe(expected);
        if (expected !== OK) {
          // A refused call leaves both workspaces exactly as they were (no checkout opened).
          expect(await snapshot(w.W)).toBe(before.W);
          expect(await snapshot(w.W2)).toBe(before.W2);
        }
        if (caller === 'adminExtension' && expected === F) {
          // The owner's extension is refused for being the extension (after the access checks).
          expect(res.message).toBe(WEB_SESSION_ONLY_MESSAGE);
        }
        if (caller === 'otherAdmin') {
          // Another workspace's admin acts in their own workspace only: W is untouched and unseen.
          expect(await snapshot(w.W)).toBe(before.W);
          expect(res.text).not.toContain(W_CHECKOUT);
          if (expected === OK && (name === 'seatPayment' || name === 'subscriptionUpdate')) {
            expect(await checkoutsOf(w.W2)).toHaveLength(1);
            expect((await checkoutsOf(w.W2))[0]).toMatchObject({ createdBy: w.who.otherAdmin.userId, status: 'pending' });
          }
        }
        if (expected === OK && (caller === 'admin' || caller === 'manager') && (name === 'seatPayment' || name === 'subscriptionUpdate')) {
          const opened = (await checkoutsOf(w.W)).filter((c) => c.id !== W_CHECKOUT);
          expect(opened).toHaveLength(1);
          expect(opened[0]).toMatchObject({ createdBy: w.who[caller].userId, kind: name === 'seatPayment' ? 'seats' : 'plan' });
          expect(await snapshot(w.W2)).toBe(before.W2);
        }
      });
    }
  }
});

describe('the source-user header never changes whose workspace pays', () => {
  for (const name of names) {
    it(`${name}: a member sending it is still refused, nothing written`, async () => {
      await makeWorld();
      const before = { W: await snapshot(w.W), W2: await snapshot(w.W2) };
      const res = await call(name, 'member', matrix[name].body(), { [SOURCE_USER_HEADER]: w.who.admin.userId });
      expect(res.code).toBe(F);
      expect(await snapshot(w.W)).toBe(before.W);
      expect(await snapshot(w.W2)).toBe(before.W2);
    });

    it(`${name}: a manager naming another workspace's admin acts on their own workspace`, async () => {
      await makeWorld();
      const before = await snapshot(w.W2);
      const res = await call(name, 'manager', matrix[name].body(), { [SOURCE_USER_HEADER]: w.who.otherAdmin.userId });
      expect(res.code, res.message).toBe(OK);
      expect(await snapshot(w.W2)).toBe(before);
      if (name === 'seatPayment' || name === 'subscriptionUpdate') {
        const opened = (await checkoutsOf(w.W)).filter((c) => c.id !== W_CHECKOUT);
        expect(opened).toHaveLength(1);
        expect(opened[0]!.createdBy).toBe(w.who.manager.userId);
      }
    });
  }

  it('checkoutStatus: another workspace’s admin naming W’s manager still cannot read W’s checkout', async () => {
    await makeWorld();
    const res = await call('checkoutStatus', 'otherAdmin', { checkoutId: W_CHECKOUT }, { [SOURCE_USER_HEADER]: w.who.manager.userId });
    expect(res.code).toBe(NF);
    expect(res.text).not.toContain('sbx_W');
  });
});

describe('payments are rate-limited per account', () => {
  it('past the allowance a payment is refused (RATE_LIMITED) before any checkout is opened', async () => {
    await makeWorld();
    const limit = t.config.rateLimits.paymentUser.limit;
    for (let i = 0; i < limit; i++) expect((await call('seatPayment', 'admin', matrix.seatPayment.body())).code).toBe(OK);
    const before = await snapshot(w.W);
    const res = await call('subscriptionUpdate', 'admin', matrix.subscriptionUpdate.body());
    expect(res.code).toBe(Code.RATE_LIMITED);
    expect(await snapshot(w.W)).toBe(before);
    // Another account (same client address, whose allowance is larger) still pays.
    expect((await call('seatPayment', 'manager', matrix.seatPayment.body())).code).toBe(OK);
  });
});
