/**
 * Production builds drop the statecharts' `description` texts (ARCHITECTURE.md "Statecharts": every
 * state is described). They are documentation for people and for the Stately inspector; nothing in
 * the app reads them, and the login page carries several kilobytes of them. A build with the
 * inspector allowed (`VITE_INSPECT_IN_PRODUCTION=true`) keeps them, and so do development, the
 * tests and `npm run replay`, which run the sources.
 *
 * Only a string-valued `description` of a state node or a transition is removed: an object counts
 * as one when it is a value of a `states` object or has a key only those have (`on`, `target`, ...),
 * so data that happens to have a `description` field (a lead's, say) is never touched.
 */
import type { Plugin } from 'vite';

/** Keys that mark an object literal as a state node or a transition config. */
const STATECHART_KEYS = new Set(['on', 'states', 'initial', 'entry', 'exit', 'invoke', 'always', 'after', 'tags', 'onDone', 'onError', 'target', 'actions', 'guard', 'reenter', 'history']);

type Node = { type: string; start: number; end: number; [key: string]: unknown };

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
const keyName = (prop: Node): string | undefined => {
  const key = prop.key as Node | undefined;
  if (!key || prop.computed) return undefined;
  if (key.type === 'Identifier') return key.name as string;
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
  return undefined;
};
const isPlainString = (value: Node): boolean =>
  (value.type === 'Literal' && typeof value.value === 'string') || (value.type === 'TemplateLiteral' && (value.expressions as unknown[]).length === 0);

/** True when an object literal is a state node or a transition config. */
const isStatechartObject = (properties: Node[]): boolean =>
  properties.some((p) => {
    const name = p.type === 'Property' ? keyName(p) : undefined;
    return name !== undefined && STATECHART_KEYS.has(name);
  });

/** The source ranges to cut: each description property with the comma and space after it. */
export function descriptionRanges(code: string, program: unknown): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  // Each entry: a node, and whether it is known to be a state node (a value of a `states` object).
  const stack: Array<[unknown, boolean]> = [[program, false]];
  while (stack.length > 0) {
    const [node, isState] = stack.pop()!;
    if (Array.isArray(node)) {
      for (const item of node) stack.push([item, false]);
      continue;
    }
    if (!isNode(node)) continue;
    if (node.type === 'ObjectExpression') {
      const properties = node.properties as Node[];
      if (isState || isStatechartObject(properties)) {
        for (const p of properties) {
          if (p.type === 'Property' && keyName(p) === 'description' && isPlainString(p.value as Node)) {
            let end = p.end;
            const after = /^\s*,\s*/.exec(code.slice(end));
            if (after) end += after[0].length;
            ranges.push([p.start, end]);
          }
        }
      }
      for (const p of properties) {
        const value = p.value as Node | undefined;
        if (p.type === 'Property' && keyName(p) === 'states' && value?.type === 'ObjectExpression') {
          for (const child of value.properties as Node[]) stack.push([child.type === 'Property' ? child.value : child, child.type === 'Property']);
        } else {
          stack.push([p, false]);
        }
      }
      continue;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key !== 'type' && key !== 'start' && key !== 'end' && typeof value === 'object' && value !== null) stack.push([value, false]);
    }
  }
  return ranges.sort((a, b) => b[0] - a[0]);
}

/** Cuts the ranges from the code (ranges sorted from last to first). */
export const cutRanges = (code: string, ranges: ReadonlyArray<readonly [number, number]>): string =>
  ranges.reduce((text, [start, end]) => text.slice(0, start) + text.slice(end), code);

/** The Vite plugin: applies to `src/machines/**` modules in production builds. */
export function stripStateDescriptions(options: { keep: boolean }): Plugin {
  return {
    name: 'strip-state-descriptions',
    apply: 'build',
    transform(code, id) {
      if (options.keep || !/[\\/]src[\\/]machines[\\/].*\.ts$/.test(id) || !code.includes('description')) return null;
      const ranges = descriptionRanges(code, this.parse(code));
      if (ranges.length === 0) return null;
      return { code: cutRanges(code, ranges), map: null };
    },
  };
}
