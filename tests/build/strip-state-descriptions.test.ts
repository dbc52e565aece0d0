/** Production builds drop statechart descriptions, and nothing else (scripts/build/strip-state-descriptions.ts). */
import { parseAst } from 'vite';
import { createMachine, createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { cutRanges, descriptionRanges } from '../../scripts/build/strip-state-descriptions';

const strip = (code: string) => cutRanges(code, descriptionRanges(code, parseAst(code)));

const machineSource = `(function (createMachine) {
const lead = { id: 'l1', description: 'kept: a lead', type: 'final' };
const note = { title: 't', description: \`kept too\` };
return createMachine({
  id: 'm',
  initial: 'idle',
  context: { lead, note, blank: { description: '' } },
  states: {
    idle: {
      description: 'Waiting.',
      on: { go: { target: 'busy', description: 'Start the work.' } },
    },
    busy: { description: 'Only a description.' },
    done: { type: 'final', description: \`The end.\` },
  },
});
})`;

describe('strip-state-descriptions', () => {
  it('removes the descriptions of states and transitions', () => {
    const out = strip(machineSource);
    for (const text of ['Waiting.', 'Start the work.', 'Only a description.', 'The end.']) expect(out).not.toContain(text);
  });

  it('keeps description fields of data objects', () => {
    const out = strip(machineSource);
    expect(out).toContain("description: 'kept: a lead'");
    expect(out).toContain('description: `kept too`');
    expect(out).toContain("blank: { description: '' }");
  });

  it('keeps a description that is not a plain string', () => {
    const code = 'createMachine({ states: { a: { description: `left ${n}`, on: {} } } });';
    expect(strip(code)).toBe(code);
  });

  it('leaves a machine that still runs the same way', () => {
    const build = (code: string) => (new Function(`return ${code}`)() as (create: typeof createMachine) => unknown)(createMachine) as ReturnType<typeof createMachine>;
    const before = build(machineSource);
    const after = build(strip(machineSource));
    const run = (machine: ReturnType<typeof createMachine>) => {
      const actor = createActor(machine).start();
      actor.send({ type: 'go' });
      return { value: actor.getSnapshot().value, context: actor.getSnapshot().context as unknown };
    };
    expect(run(after)).toEqual(run(before));
    expect(run(after).value).toBe('busy');
    expect(after.root.states.idle!.description).toBeUndefined();
    expect(before.root.states.idle!.description).toBe('Waiting.');
  });
});
