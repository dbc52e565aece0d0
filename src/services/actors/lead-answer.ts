/**
 * The answer of a call that answers a lead (add, update, close), for the pipeline and the lead
 * form: the one adapter's (src/services/answer.ts), except that a STALE_EDIT refusal carries the
 * lead as it is now in its `data` (src/contract/codes.ts), which the adapter keeps no data of; it
 * is read here with the contract's lead schema and handed on as `fresh`. It lives apart from the
 * adapter, which every page loads, so the leads contract stays with the pipeline's screens.
 */
import { Code } from '../../contract/codes';
import { lead as leadSchema, type Lead } from '../../contract/leads';
import type { SaveLeadAnswer } from '../../machines/lead-form.machine';
import type { ApiResult } from '../api/client';
import { answerOf } from '../answer';

export const leadAnswerOf = (result: ApiResult<Lead>): SaveLeadAnswer => {
  if (!result.ok && result.code === Code.STALE_EDIT) {
    const fresh = leadSchema.safeParse(result.data);
    if (fresh.success) return { ok: false, code: Code.STALE_EDIT, message: result.message, fresh: fresh.data };
  }
  return answerOf(result);
};
