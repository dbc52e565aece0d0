/**
 * The lead form's effect (SPEC §7 Leads add and update, under /admin or /member by the caller's
 * real role, SPEC §6): saving the lead. Built only from the flow services.
 *
 * A STALE_EDIT refusal carries the lead as it is now in its `data` (src/contract/codes.ts); the
 * one answer adapter keeps no data of a refusal, so this one is read here, with the contract's
 * lead schema, and handed to the machine as the other version.
 */
import { fromPromise } from 'xstate';
import { Code } from '../../contract/codes';
import { forRole, lead as leadSchema, leadCalls, type Lead } from '../../contract/leads';
import type { leadFormMachine, SaveLeadAnswer, SaveLeadInput } from '../../machines/lead-form.machine';
import type { ApiResult } from '../api/client';
import { answerOf } from '../answer';
import type { FlowEffects } from '../flow-services';

/** The save's answer: STALE_EDIT with a readable lead becomes the other version, the rest as usual. */
export const saveAnswerOf = (result: ApiResult<Lead>): SaveLeadAnswer => {
  if (!result.ok && result.code === Code.STALE_EDIT) {
    const fresh = leadSchema.safeParse(result.data);
    if (fresh.success) return { ok: false, code: Code.STALE_EDIT, message: result.message, fresh: fresh.data };
  }
  return answerOf(result);
};

export const leadFormEffects: FlowEffects<typeof leadFormMachine> = (services) => ({
  actors: {
    saveLead: fromPromise<SaveLeadAnswer, SaveLeadInput>(async ({ input }) =>
      saveAnswerOf(
        input.mode === 'add'
          ? await services.api.call(forRole(leadCalls.leadsAdd, input.realRole), input.body)
          : await services.api.call(forRole(leadCalls.leadsUpdate, input.realRole), input.body),
      ),
    ),
  },
});
