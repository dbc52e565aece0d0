/**
 * The server's own TypeScript, read and parsed with the TypeScript compiler, for the tests that
 * check rules of the code rather than of its answers: tests/server/tenant-filters.test.ts (no
 * hand-written workspace filter outside server/db and server/auth) and
 * tests/server/server-imports.test.ts (no import cycle; only server/app.ts imports the routes).
 * Everything here is pure over `SourceFile`s, so each test can also feed it a made-up file and see
 * it fail.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The repository root (from this file's path: jsdom's URL class is not the one `fileURLToPath` takes). */
export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** A source file: its path from the repository root (with `/`), its text and its syntax tree. */
export type SourceFile = { path: string; ast: ts.SourceFile };

export const parseSource = (path: string, text: string): SourceFile => ({
  path,
  ast: ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS),
});

const isSource = (name: string): boolean => (name.endsWith('.ts') || name.endsWith('.tsx')) && !name.endsWith('.d.ts');

const walkTs = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return walkTs(full);
    return entry.isFile() && isSource(entry.name) ? [full] : [];
  });

/** Every `.ts`/`.tsx` file under a folder of the repository (`server`, `src`, `extension/src` ...). */
export const sourcesUnder = (folder: string): SourceFile[] =>
  walkTs(join(repoRoot, folder))
    .map((full) => parseSource(relative(repoRoot, full).split('\\').join('/'), readFileSync(full, 'utf8')))
    .sort((a, b) => a.path.localeCompare(b.path));

/** Every `.ts` file under server/ (migrations are SQL and JSON, so none of theirs). */
export const serverSources = (): SourceFile[] => sourcesUnder('server');

/** `path:line` of a position in a file. */
export const where = (file: SourceFile, node: ts.Node): string => `${file.path}:${file.ast.getLineAndCharacterOfPosition(node.getStart(file.ast)).line + 1}`;

const walk = (node: ts.Node, visit: (node: ts.Node) => void): void => {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
};

// ---------------------------------------------------------------------------------------------
// Imports

/** One import of a file: the specifier as written, whether it brings types only, and where. */
export type ImportRef = { specifier: string; typeOnly: boolean; at: string };

/**
 * Every module a file names: `import ... from`, `export ... from`, `import('...')` calls and
 * `import('...')` types. Type-only ones are included and marked (`import type`, or every named
 * binding `type`).
 */
export const importsOf = (file: SourceFile): ImportRef[] => {
  const out: ImportRef[] = [];
  const add = (node: ts.Node, spec: ts.Node | undefined, typeOnly: boolean) => {
    if (spec && ts.isStringLiteralLike(spec)) out.push({ specifier: spec.text, typeOnly, at: where(file, node) });
  };
  walk(file.ast, (node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
      const typeOnly = !!clause && (clause.isTypeOnly || (!clause.name && !!named && named.length > 0 && named.every((e) => e.isTypeOnly)));
      add(node, node.moduleSpecifier, typeOnly);
    } else if (ts.isExportDeclaration(node)) {
      add(node, node.moduleSpecifier, node.isTypeOnly);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node, node.arguments[0], false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node, node.argument.literal, true);
    }
  });
  return out;
};

/** The file a relative specifier names among `known` paths (`./x` is x.ts or x/index.ts); null for packages and files elsewhere. */
export const resolveImport = (fromPath: string, specifier: string, known: ReadonlySet<string>): string | null => {
  if (!specifier.startsWith('.')) return null;
  const base = posix.normalize(posix.join(posix.dirname(fromPath), specifier)).replace(/\.js$/, '');
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) if (known.has(candidate)) return candidate;
  return null;
};

/** Each file's imports of other files among `files`. */
export const importGraph = (files: readonly SourceFile[]): Map<string, (ImportRef & { target: string })[]> => {
  const known = new Set(files.map((f) => f.path));
  return new Map(
    files.map((file) => [
      file.path,
      importsOf(file).flatMap((ref) => {
        const target = resolveImport(file.path, ref.specifier, known);
        return target ? [{ ...ref, target }] : [];
      }),
    ]),
  );
};

/**
 * The import cycles of a graph: for each group of files that reach one another (a strongly
 * connected component of more than one file, or a file importing itself), one shortest cycle
 * through its first file, as the list of files ending where it starts.
 */
export const findCycles = (graph: ReadonlyMap<string, readonly string[]>): string[][] => {
  // Tarjan's algorithm, iterative so a deep graph cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let next = 0;
  for (const root of [...graph.keys()].sort()) {
    if (index.has(root)) continue;
    const work: { node: string; edge: number }[] = [{ node: root, edge: 0 }];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const to = edges[frame.edge++]!;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfLoop = component.length === 1 && (graph.get(frame.node) ?? []).includes(frame.node);
        if (component.length > 1 || selfLoop) components.push(component.sort());
      }
    }
  }
  return components.map((component) => {
    const inside = new Set(component);
    const start = component[0]!;
    // Breadth first from the start, back to it, inside the component.
    const cameFrom = new Map<string, string>();
    const queue = [start];
    while (queue.length > 0) {
      const node = queue.shift()!;
      for (const to of graph.get(node) ?? []) {
        if (!inside.has(to)) continue;
        if (to === start) {
          const between: string[] = [];
          for (let at: string | undefined = node; at !== undefined && at !== start; at = cameFrom.get(at)) between.unshift(at);
          return [start, ...between, start];
        }
        if (!cameFrom.has(to)) {
          cameFrom.set(to, node);
          queue.push(to);
        }
      }
    }
    return component;
  });
};

// ---------------------------------------------------------------------------------------------
// Workspace filters

/** Drizzle's comparison operators: a tenant table's `workspaceId` in one of these is a hand-written filter. */
const comparisons = new Set(['eq', 'ne', 'inArray', 'notInArray', 'isNull', 'isNotNull', 'gt', 'gte', 'lt', 'lte', 'and', 'or', 'not', 'between', 'like', 'ilike', 'exists']);

/** A raw SQL comparison on the column: `x.workspace_id = ...`, `workspace_id IN (...)`, `... = c.workspace_id`. */
const rawComparison = /\bworkspace_id"?\s*(=|<>|!=|\bin\b|\bis\b)|(=|<>|!=)\s*[\w."]*\bworkspace_id\b/i;

/** The text of a string or template literal (a template's parts around its `${}`s, each). */
const literalTexts = (node: ts.Node): string[] => {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
  return [];
};

const isWorkspaceIdOf = (node: ts.Node, tables: ReadonlySet<string> | null): node is ts.PropertyAccessExpression =>
  ts.isPropertyAccessExpression(node) && node.name.text === 'workspaceId' && (tables === null || (ts.isIdentifier(node.expression) && tables.has(node.expression.text)));

/**
 * Hand-written workspace filters in a file, each as `path:line  code`: a schema table's
 * `workspaceId` (any table of `tables`, the schema's exports) compared in a Drizzle operator or
 * put in a `sql` template, any `<x>.workspaceId` as the first operand of an operator, and raw SQL
 * text comparing `workspace_id`. server/db/scoped.ts has a helper for each shape.
 */
export const workspaceFilters = (file: SourceFile, tables: ReadonlySet<string>): string[] => {
  const found: string[] = [];
  const report = (node: ts.Node) => found.push(`${where(file, node)}  ${node.getText(file.ast).replace(/\s+/g, ' ').slice(0, 120)}`);
  walk(file.ast, (node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && comparisons.has(node.expression.text)) {
      if (node.arguments.some((arg, i) => isWorkspaceIdOf(arg, i === 0 ? null : tables))) report(node);
      return;
    }
    if (ts.isTaggedTemplateExpression(node) && ts.isTemplateExpression(node.template)) {
      if (node.template.templateSpans.some((span) => isWorkspaceIdOf(span.expression, tables))) report(node);
    }
    if (literalTexts(node).some((text) => rawComparison.test(text))) report(node);
  });
  return found;
};
