/**
 * The lead form's effect (SPEC §7 Leads add and update, under /admin or /member by the caller's
 * real role, SPEC §6): saving the lead. Built only from the flow services.
 *
 * A STALE_EDIT refusal hands the machine the lead as it is now (`leadAnswerOf`), the other version.
 */
import { fromPromise } from 'xstate';
import { forRole, leadCalls } from '../../contract/leads';
import type { leadFormMachine, SaveLeadAnswer, SaveLeadInput } from '../../machines/lead-form.machine';
import type { FlowEffects } from '../flow-services';
import { leadAnswerOf } from './lead-answer';

export const leadFormEffects: FlowEffects<typeof leadFormMachine> = (services) => ({
  actors: {
    saveLead: fromPromise<SaveLeadAnswer, SaveLeadInput>(async ({ input }) =>
      leadAnswerOf(
        input.mode === 'add'
          ? await services.api.call(forRole(leadCalls.leadsAdd, input.realRole), input.body)
          : await services.api.call(forRole(leadCalls.leadsUpdate, input.realRole), input.body),
      ),
    ),
  },
});
