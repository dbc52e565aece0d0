/**
 * Tags (SPEC §7 Tags; src/contract/tags.ts has the decisions): a workspace's tag types, tags and
 * values, managed by the owner and managers (the contract's `manager` access) and listed by every
 * member; contacts carry values, set by batch (a selection of the acting member's contacts) or one
 * contact at a time, under /admin or /member by real role.
 *
 * - Names are unique ignoring case (tag types in the workspace, tags within their type): the
 *   unique indexes decide, so racing adds cannot both win (TAG_NAME_CONFLICT, 100802).
 * - A tag's values: repeated ones (ignoring case) or more than TAG_VALUES_MAX answer
 *   TAG_VALUES_INVALID (100807) with the reason; on update a value keeps its id (and its contacts)
 *   under a new text, a value left out is deleted and taken off every contact, in one transaction.
 * - Deleting a type deletes its tags; deleting a tag or value takes it off every contact (the
 *   foreign keys cascade).
 * - Every value id a call names must be one of the workspace's, else NOT_FOUND and nothing is
 *   written; values of an inactive type cannot be added to contacts (VALIDATION).
 * - Changing the tag set (adding, renaming, switching or deleting a type, a tag or its values)
 *   needs the plan's `custom_tag` bit (PLAN_LIMIT otherwise, nothing written); listing tags and
 *   putting existing values on contacts stay open on every plan, so a workspace that lost the bit
 *   keeps using the tags it made.
 */
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { z } from 'zod/mini';
import { Code } from '../../src/contract/codes';
import {
  FREQUENT_TAG_VALUES,
  TAG_TYPES_MAX,
  TAG_VALUES_MAX,
  TAGS_MAX,
  tagCalls,
  tagsEndpoints,
  type Tag,
  type tagValueInput,
} from '../../src/contract/tags';
import { ownerConditions, selectionWhere } from '../contacts/filter';
import { tagsOfLeads } from '../contacts/tag-values';
import type { Db } from '../db/client';
import { inWorkspace, scoped, type Owner, type TenantScope } from '../db/scoped';
import { isUniqueViolation } from '../db/errors';
import { leads, leadTagValues, tags, tagTypes, tagValues } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiFailure, fail } from '../http/respond';
import { defineRolePair } from '../http/role-pair';
import { defineRoute, type AppEnv } from '../http/route';
import { requirePlanPermission } from '../workspace/plans';

const nameTaken = (what: 'tag type' | 'tag') => new ApiFailure(Code.TAG_NAME_CONFLICT, `A ${what} with this name already exists.`);

/** Runs a write; a unique index refusing it answers TAG_NAME_CONFLICT. */
const uniqueName = async <T>(what: 'tag type' | 'tag', write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(what);
    throw error;
  }
};

/** SPEC §8 100807: a tag's values, checked before anything is written. */
const checkValues = (values: readonly string[]): void => {
  if (values.length > TAG_VALUES_MAX) throw new ApiFailure(Code.TAG_VALUES_INVALID, `A tag has at most ${TAG_VALUES_MAX} values.`);
  const seen = new Set<string>();
  for (const value of values) {
    const key = value.trim().toLowerCase();
    if (seen.has(key)) throw new ApiFailure(Code.TAG_VALUES_INVALID, `The value "${value.trim()}" is repeated.`);
    seen.add(key);
  }
};

/** Tags of the workspace with their type and values (one tag, or those of one type, or all). */
const readTags = async (db: Db, scope: TenantScope, where: { tagId?: number; tagTypeId?: number } = {}): Promise<Tag[]> => {
  const rows = await db
    .select({ id: tags.id, name: tags.name, tagTypeId: tags.tagTypeId, typeName: tagTypes.name, isActive: tagTypes.isActive })
    .from(tags)
    .innerJoin(tagTypes, eq(tagTypes.id, tags.tagTypeId))
    .where(
      inWorkspace(
        tags,
        scope,
        where.tagId === undefined ? undefined : eq(tags.id, where.tagId),
        where.tagTypeId === undefined ? undefined : eq(tags.tagTypeId, where.tagTypeId),
      ),
    )
    .orderBy(asc(tagTypes.id), asc(tags.name), asc(tags.id));
  if (rows.length === 0) return [];
  const values = await db
    .select({ id: tagValues.id, value: tagValues.value, tagId: tagValues.tagId })
    .from(tagValues)
    .where(
      inWorkspace(
        tagValues,
        scope,
        inArray(
          tagValues.tagId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(tagValues.position), asc(tagValues.id));
  return rows.map((row) => ({ ...row, values: values.filter((v) => v.tagId === row.id).map(({ id, value }) => ({ id, value })) }));
};

const requireType = async (db: Db, scope: TenantScope, id: number) => {
  const type = await scoped(db, scope).first(tagTypes, eq(tagTypes.id, id));
  if (!type) throw fail(Code.NOT_FOUND, 'No such tag type');
  return type;
};

/**
 * Every value id must be the workspace's (else NOT_FOUND); values to add must belong to an active
 * type (else VALIDATION).
 */
const checkValueIds = async (db: Db, scope: TenantScope, add: readonly number[], remove: readonly number[]): Promise<void> => {
  const ids = [...new Set([...add, ...remove])];
  if (ids.length === 0) return;
  const rows = await db
    .select({ id: tagValues.id, isActive: tagTypes.isActive })
    .from(tagValues)
    .innerJoin(tags, eq(tags.id, tagValues.tagId))
    .innerJoin(tagTypes, eq(tagTypes.id, tags.tagTypeId))
    .where(inWorkspace(tagValues, scope, inArray(tagValues.id, ids)));
  if (rows.length !== ids.length) throw fail(Code.NOT_FOUND, 'No such tag value');
  if (rows.some((r) => !r.isActive && add.includes(r.id))) throw fail(Code.VALIDATION, 'This tag type is not active: its values cannot be added');
};

type ValueInput = z.output<typeof tagValueInput>;

/** Sets a tag's values (ids kept under their new text, missing ones deleted, new ones added), in the caller's transaction. */
const replaceValues = async (tx: Db, scope: TenantScope, tagId: number, inputs: readonly ValueInput[]): Promise<void> => {
  checkValues(inputs.map((v) => v.value));
  const current = await tx
    .select({ id: tagValues.id })
    .from(tagValues)
    .where(inWorkspace(tagValues, scope, eq(tagValues.tagId, tagId)));
  const currentIds = new Set(current.map((v) => v.id));
  const kept = inputs.filter((v): v is ValueInput & { id: number } => v.id !== undefined);
  if (kept.some((v) => !currentIds.has(v.id))) throw fail(Code.NOT_FOUND, 'No such tag value');
  const keptIds = new Set(kept.map((v) => v.id));
  const gone = [...currentIds].filter((id) => !keptIds.has(id));
  if (gone.length > 0) await scoped(tx, scope).delete(tagValues, inArray(tagValues.id, gone));
  // Renames go through a provisional text first, so swapping two values never meets the unique index halfway.
  for (const v of kept) await scoped(tx, scope).update(tagValues, { value: `\u2063${v.id}` }, eq(tagValues.id, v.id));
  for (const [position, v] of inputs.entries()) {
    if (v.id !== undefined) await scoped(tx, scope).update(tagValues, { value: v.value, position }, eq(tagValues.id, v.id));
    else await tx.insert(tagValues).values({ workspaceId: scope.workspaceId, tagId, value: v.value, position });
  }
};

/** The number of distinct leads in rows returned by a write. */
const distinctLeads = (...lists: { leadId: string }[][]): number => new Set(lists.flat().map((r) => r.leadId)).size;

/** Adds and removes values on the owner's leads the condition selects; the leads whose tags changed. */
const applyTags = async (tx: Db, owner: Owner, which: ReturnType<typeof selectionWhere>, add: readonly number[], remove: readonly number[], now: Date): Promise<number> => {
  const added: unknown =
    add.length === 0
      ? []
      : await tx.execute(sql`
          INSERT INTO ${leadTagValues} (workspace_id, lead_id, tag_value_id, created_at)
          SELECT ${owner.workspaceId}, ${leads.id}, v.id, ${now.toISOString()}::timestamptz
          FROM ${leads} CROSS JOIN unnest(${sql`ARRAY[${sql.join(
            add.map((id) => sql`${id}::int`),
            sql`, `,
          )}]`}) AS v(id)
          WHERE ${which}
          ON CONFLICT DO NOTHING
          RETURNING lead_id AS "leadId"`);
  const removed =
    remove.length === 0
      ? []
      : await tx
          .delete(leadTagValues)
          .where(
            inWorkspace(
              leadTagValues,
              owner,
              inArray(leadTagValues.tagValueId, [...remove]),
              inArray(leadTagValues.leadId, tx.select({ id: leads.id }).from(leads).where(which)),
            ),
          )
          .returning({ leadId: leadTagValues.leadId });
  // PGlite answers { rows }, node-postgres a result with rows too; an empty add answers [].
  const addedRows = (Array.isArray(added) ? added : ((added as { rows?: { leadId: string }[] }).rows ?? [])) as { leadId: string }[];
  return distinctLeads(addedRows, removed);
};

export const registerTagRoutes = (app: Hono<AppEnv>, deps: AppDeps): void => {
  const { db, clock } = deps;

  defineRoute(app, deps, tagsEndpoints.tagTypeAdd, async ({ scope, body }) => {
    await requirePlanPermission(db, scope.workspaceId, 'custom_tag');
    if ((await scoped(db, scope).count(tagTypes)) >= TAG_TYPES_MAX) throw fail(Code.VALIDATION, `A workspace has at most ${TAG_TYPES_MAX} tag types`);
    const [row] = await uniqueName('tag type', () =>
      db.insert(tagTypes).values({ workspaceId: scope.workspaceId, name: body.name, isActive: body.isActive, createdAt: clock.now() }).returning(),
    );
    return { id: row!.id, name: row!.name, isActive: row!.isActive };
  });

  defineRoute(app, deps, tagsEndpoints.tagTypeUpdate, async ({ scope, body }) => {
    await requirePlanPermission(db, scope.workspaceId, 'custom_tag');
    const current = await requireType(db, scope, body.id);
    const [row] = await uniqueName('tag type', () =>
      db
        .update(tagTypes)
        .set({ name: body.name ?? current.name, isActive: body.isActive ?? current.isActive })
        .where(inWorkspace(tagTypes, scope, eq(tagTypes.id, body.id)))
        .returning(),
    );
    if (!row) throw fail(Code.NOT_FOUND, 'No such tag type');
    return { id: row.id, name: row.name, isActive: row.isActive };
  });

  defineRoute(app, deps, tagsEndpoints.tagTypeDelete, async ({ scope, body }) => {
    await requirePlanPermission(db, scope.workspaceId, 'custom_tag');
    const deleted = await db
      .delete(tagTypes)
      .where(inWorkspace(tagTypes, scope, eq(tagTypes.id, body.id)))
      .returning({ id: tagTypes.id });
    if (deleted.length === 0) throw fail(Code.NOT_FOUND, 'No such tag type');
    return null;
  });

  defineRoute(app, deps, tagsEndpoints.tagTypeList, async ({ scope }) => ({
    items: await db
      .select({ id: tagTypes.id, name: tagTypes.name, isActive: tagTypes.isActive })
      .from(tagTypes)
      .where(inWorkspace(tagTypes, scope))
      .orderBy(asc(tagTypes.id)),
  }));

  defineRoute(app, deps, tagsEndpoints.tagAdd, async ({ scope, body }) => {
    await requirePlanPermission(db, scope.workspaceId, 'custom_tag');
    checkValues(body.values);
    const tagId = await uniqueName('tag', () =>
      db.transaction(async (tx) => {
        await requireType(tx, scope, body.tagTypeId);
        if ((await scoped(tx, scope).count(tags)) >= TAGS_MAX) throw fail(Code.VALIDATION, `A workspace has at most ${TAGS_MAX} tags`);
        const [row] = await tx.insert(tags).values({ workspaceId: scope.workspaceId, tagTypeId: body.tagTypeId, name: body.name, createdAt: clock.now() }).returning({ id: tags.id });
        if (body.values.length > 0) await tx.insert(tagValues).values(body.values.map((value, position) => ({ workspaceId: scope.workspaceId, tagId: row!.id, value, position })));
        return row!.id;
      }),
    );
    return (await readTags(db, scope, { tagId }))[0]!;
  });

  defineRoute(app, deps, tagsEndpoints.tagUpdate, async ({ scope, body }) => {
    await requirePlanPermission(db, scope.workspaceId, 'custom_tag');
    await uniqueName('tag', () =>
      db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(tags)
          .where(inWorkspace(tags, scope, eq(tags.id, body.id)))
          .for('update');
        if (!current) throw fail(Code.NOT_FOUND, 'No such tag');
        if (body.tagTypeId !== undefined) await requireType(tx, scope, body.tagTypeId);
        if (body.name !== undefined || body.tagTypeId !== undefined) {
          await tx
            .update(tags)
            .set({ name: body.name ?? current.name, tagTypeId: body.tagTypeId ?? current.tagTypeId })
            .where(inWorkspace(tags, scope, eq(tags.id, body.id)));
        }
        if (body.values !== undefined) await replaceValues(tx, scope, body.id, body.values);
      }),
    );
    return (await readTags(db, scope, { tagId: body.id }))[0]!;
  });

  defineRoute(app, deps, tagsEndpoints.tagDelete, async ({ scope, body }) => {
    await requirePlanPermission(db, scope.workspaceId, 'custom_tag');
    const deleted = await db
      .delete(tags)
      .where(inWorkspace(tags, scope, eq(tags.id, body.id)))
      .returning({ id: tags.id });
    if (deleted.length === 0) throw fail(Code.NOT_FOUND, 'No such tag');
    return null;
  });

  defineRoute(app, deps, tagsEndpoints.tagList, async ({ scope, body }) => ({ items: await readTags(db, scope, { tagTypeId: body.tagTypeId }) }));

  defineRoute(app, deps, tagsEndpoints.frequentTagValues, async ({ scope }) => {
    const uses = count();
    const rows = await db
      .select({ valueId: tagValues.id, value: tagValues.value, tagId: tags.id, tagName: tags.name, tagTypeId: tags.tagTypeId, count: uses })
      .from(leadTagValues)
      .innerJoin(leads, and(eq(leads.id, leadTagValues.leadId), eq(leads.ownerId, scope.actingUserId)))
      .innerJoin(tagValues, eq(tagValues.id, leadTagValues.tagValueId))
      .innerJoin(tags, eq(tags.id, tagValues.tagId))
      .where(inWorkspace(leadTagValues, scope))
      .groupBy(tagValues.id, tags.id)
      .orderBy(desc(uses), asc(tagValues.id))
      .limit(FREQUENT_TAG_VALUES);
    return { items: rows.map((r) => ({ ...r, count: Number(r.count) })) };
  });

  defineRolePair(app, deps, tagCalls.batchUpdateTag, async ({ owner, body }) => {
    await checkValueIds(db, owner, body.addTagValueIds, body.removeTagValueIds);
    const updated = await db.transaction((tx) => applyTags(tx, owner, selectionWhere(owner, body.selection), body.addTagValueIds, body.removeTagValueIds, clock.now()));
    return { updated };
  });

  defineRolePair(app, deps, tagCalls.updateTag, async ({ owner, body }) => {
    const [lead] = await db
      .select({ id: leads.id })
      .from(leads)
      .where(and(...ownerConditions(owner), eq(leads.id, body.id)));
    if (!lead) throw fail(Code.NOT_FOUND);
    const wanted = [...new Set(body.tagValueIds)];
    const has = (await tagsOfLeads(db, owner, [body.id])).get(body.id)?.map((t) => t.valueId) ?? [];
    const remove = has.filter((id) => !wanted.includes(id));
    await checkValueIds(
      db,
      owner,
      wanted.filter((id) => !has.includes(id)),
      remove,
    );
    const which = and(...ownerConditions(owner), eq(leads.id, body.id))!;
    await db.transaction((tx) =>
      applyTags(
        tx,
        owner,
        which,
        wanted.filter((id) => !has.includes(id)),
        remove,
        clock.now(),
      ),
    );
    return { id: body.id, tags: (await tagsOfLeads(db, owner, [body.id])).get(body.id) ?? [] };
  });
};
