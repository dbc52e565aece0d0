/**
 * No import cycle in the browser app (src/) or the companion extension (extension/src/): read
 * from their imports with the TypeScript compiler's syntax tree, type-only imports and dynamic
 * `import('...')`s included (a route loader importing its screen counts: a screen that imports
 * the route table back is two modules that cannot be understood apart). A cycle fails with its
 * files in order, each with the line of the import that closes it. The server has the same
 * check (tests/server/server-imports.test.ts), with the parser this one shares.
 */
import { describe, expect, it } from 'vitest';
import { findCycles, importGraph, sourcesUnder, type SourceFile } from '../server/support/server-sources';

const cyclesOf = (files: readonly SourceFile[]): string[] => {
  const graph = importGraph(files);
  const targets = new Map([...graph].map(([from, refs]) => [from, [...new Set(refs.map((r) => r.target))]]));
  return findCycles(targets).map((cycle) =>
    cycle
      .map((file, i) => {
        const to = cycle[i + 1];
        const ref = to === undefined ? undefined : graph.get(file)?.find((r) => r.target === to);
        return ref ? `${ref.at}${ref.typeOnly ? ' (type only)' : ''}` : file;
      })
      .join('\n  -> '),
  );
};

describe('import cycles', () => {
  // The generated i18n files import one another by design (typesafe-i18n's output).
  const app = sourcesUnder('src').filter((f) => !/^src\/i18n\/i18n-/.test(f.path));

  it('reads the app and the extension', () => {
    expect(app.length).toBeGreaterThan(150);
    expect(app.some((f) => f.path === 'src/ui/route-table.ts')).toBe(true);
  });

  it('has none in the browser app (src/), dynamic and type-only imports included', () => {
    const cycles = cyclesOf(app);
    expect(cycles, `import cycles:\n${cycles.join('\n\n')}`).toEqual([]);
  });

  it('has none in the companion extension', () => {
    const cycles = cyclesOf(sourcesUnder('extension/src'));
    expect(cycles, `import cycles:\n${cycles.join('\n\n')}`).toEqual([]);
  });
});
