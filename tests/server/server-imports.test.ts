/**
 * How the server's modules depend on one another, read from their imports (the TypeScript
 * compiler's syntax tree, relative specifiers resolved to files under server/):
 *
 * - no import cycle among server/**\/*.ts. Type-only imports count too (`import type`, and
 *   `import('...')` types): a cycle of types is still two modules that cannot be understood apart.
 *   A cycle fails with its files in order, each with the line of the import that closes it.
 * - route modules (server/routes/*) are leaves: only server/app.ts imports them. What a route
 *   shares with others (the lead repository, the role-pair helper) lives outside routes/.
 */
import { describe, expect, it } from 'vitest';
import { findCycles, importGraph, parseSource, serverSources } from './support/server-sources';

const files = serverSources();
const graph = importGraph(files);
const targets = new Map([...graph].map(([from, refs]) => [from, [...new Set(refs.map((r) => r.target))]]));

/** `a.ts:12 -> b.ts:3 -> a.ts`: each file with the line of its import of the next. */
const describeCycle = (cycle: string[]): string =>
  cycle
    .map((file, i) => {
      const to = cycle[i + 1];
      if (to === undefined) return file;
      const ref = graph.get(file)?.find((r) => r.target === to);
      return ref ? `${ref.at}${ref.typeOnly ? ' (type only)' : ''}` : file;
    })
    .join('\n  -> ');

describe('server imports', () => {
  it('reads the server (the graph is not empty)', () => {
    expect(files.length).toBeGreaterThan(40);
    expect(targets.get('server/app.ts')).toEqual(expect.arrayContaining(['server/routes/leads.ts', 'server/http/route.ts']));
  });

  it('has no import cycle (type-only imports included)', () => {
    const cycles = findCycles(targets).map(describeCycle);
    expect(cycles, `import cycles:\n${cycles.join('\n\n')}`).toEqual([]);
  });

  it('the cycle check finds a cycle, a type-only one and a file importing itself', () => {
    const made = [
      parseSource('server/a.ts', "import { b } from './b';\nexport const a = 1;"),
      parseSource('server/b.ts', "import type { C } from './c/index';\nexport const b = 2;"),
      parseSource('server/c/index.ts', "export type C = typeof import('../a');"),
      parseSource('server/d.ts', "export * from './d';"),
      parseSource('server/e.ts', "import { a } from './a';"),
    ];
    const madeGraph = new Map([...importGraph(made)].map(([from, refs]) => [from, refs.map((r) => r.target)]));
    expect(findCycles(madeGraph)).toEqual([['server/a.ts', 'server/b.ts', 'server/c/index.ts', 'server/a.ts'], ['server/d.ts', 'server/d.ts']]);
  });

  it('only server/app.ts imports the route modules', () => {
    const offenders = [...graph].flatMap(([from, refs]) =>
      from === 'server/app.ts' ? [] : refs.filter((r) => r.target.startsWith('server/routes/')).map((r) => `${r.at} imports ${r.target}`),
    );
    expect(offenders, `route modules imported outside server/app.ts:\n${offenders.join('\n')}`).toEqual([]);
  });
});
