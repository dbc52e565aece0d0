/**
 * The webhook calls over the team world (team-world.ts), as a given person: bodies written
 * camelCase and sent snake_case, answers read back camelCase and parsed with the contract's
 * schemas; the delivery worker over the test app's database and clock; and the event rows.
 */
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { webhookEvents } from '../../../server/db/schema';
import { createWebhookDelivery, type DeliveryDeps, type WebhookDelivery } from '../../../server/webhooks/delivery';
import { camelKeys, snakeKeys } from '../../../src/contract/case';
import { Code } from '../../../src/contract/codes';
import {
  deliveryListData,
  delivery as deliverySchema,
  integrationEndpoints,
  webhookConfigData,
  webhookConfigSaveData,
  webhookSecretData,
  workspacePermissionData,
} from '../../../src/contract/integrations';
import type { Person, World } from './team-world';
import type { Answer, TestApp } from './test-app';

export type WebhookCall = keyof typeof integrationEndpoints;

export const ok = (res: Answer): unknown => {
  expect(res.code, res.message).toBe(Code.OK);
  return camelKeys(res.data);
};

export const webhooksClient = (t: () => TestApp, w: () => World) => {
  const client = {
    raw(name: WebhookCall, who: Person | { token: string } | null, body: unknown = {}, headers: Record<string, string> = {}): Promise<Answer> {
      const token = who === null ? undefined : typeof who === 'string' ? w().who[who].accessToken : who.token;
      return t().post(integrationEndpoints[name].path, snakeKeys(body), { ...(token ? { token } : {}), headers });
    },
    async config(who: Person = 'admin') {
      return webhookConfigData.parse(ok(await client.raw('webhookConfig', who)));
    },
    async save(body: { receivedUrl: string | null; sentUrl: string | null }, who: Person = 'admin') {
      return webhookConfigSaveData.parse(ok(await client.raw('webhookConfigSave', who, body)));
    },
    async rotate(who: Person = 'admin') {
      return webhookSecretData.parse(ok(await client.raw('webhookSecretRotate', who)));
    },
    async permit(member: Person, enabled = true, who: Person = 'admin') {
      ok(await client.raw('webhookPermissionSave', who, { userId: w().who[member].userId, enabled }));
    },
    async workspacePermission(who: Person) {
      return workspacePermissionData.parse(ok(await client.raw('webhookWorkspacePermission', who)));
    },
    async deliveries(body: { status?: string | null; pageNo?: number; pageSize?: number } = {}, who: Person = 'admin') {
      return deliveryListData.parse(ok(await client.raw('webhookDeliveries', who, body)));
    },
    async replay(id: string, who: Person = 'admin') {
      return deliverySchema.parse(ok(await client.raw('webhookDeliveryReplay', who, { id })));
    },
    /** The delivery worker over the test app's database and clock (retry jitter at its middle: delays exactly as listed). */
    worker(overrides: Partial<DeliveryDeps> = {}): WebhookDelivery {
      return createWebhookDelivery({ db: t().db, clock: t().clock, logger: t().logger, config: t().config, random: () => 0.5, ...overrides });
    },
    /** Every event row, oldest first. */
    events() {
      return t().db.select().from(webhookEvents).orderBy(asc(webhookEvents.createdAt), asc(webhookEvents.eventKey));
    },
    async event(id: string) {
      const [row] = await t().db.select().from(webhookEvents).where(eq(webhookEvents.id, id));
      if (!row) throw new Error(`no event ${id}`);
      return row;
    },
  };
  return client;
};
