/**
 * The lead import under load (printed by `npm run bench`; figures only, never asserted): a file
 * of 100,000 rows (about 10 MB: quoted fields with commas, names in English, Chinese and Arabic,
 * phones written several ways, one row in fifty a repeat of an earlier phone, one in a hundred
 * without a phone) sent to a real server on a fresh embedded database (PGlite, the demo data
 * seeded), first to the import check, then to the import; each timed from the client, from the
 * upload to the answer. Goal: the import in <= 10 s on PGlite.
 *
 * `importSampleCsv(rows)` makes the file; the browser parse bench (scripts/bench.mjs) uses it too.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { toCsv } from '../src/contract/csv';
import { leadFileCalls } from '../src/contract/lead-files';
import { post, startServer } from './bench-support';
import { demoUsers } from './seed-demo';

const given = ['Olivia', 'James', 'Grace', 'Noah', 'Amara', 'Lucas', '思远', '晓明', '建华', 'ليلى', 'محمد', 'فاطمة'];
const family = ['Smith', 'Garcia', 'Okafor', 'Lindqvist', '陈', '王', '李', 'الحسن', 'النجار', 'العلي'];
const companies = ['Acme, Inc.', 'Northwind Traders', '杭州锦程纺织有限公司', 'شركة الخليج للتجارة', 'Herrera Muebles, S.L.', 'Okafor & Sons'];

/** A CSV file of `rows` data rows (header first), the same on every call. */
export const importSampleCsv = (rows: number): string => {
  const table: string[][] = [['Name', 'Phone', 'Email', 'Company', 'Address', 'Website']];
  for (let i = 0; i < rows; i++) {
    const first = given[i % given.length]!;
    const last = family[Math.floor(i / given.length) % family.length]!;
    const n = 1_000_000 + i;
    // Phones in several ways of writing: with spaces, dashes, parentheses, or digits only.
    const digits = `646${String(n).slice(-7)}`;
    const way = i % 4;
    let phone = way === 0 ? `+1 ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}` : way === 1 ? `+1-${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}` : way === 2 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : `1${digits}`;
    if (i % 50 === 49) phone = `+1 646 ${String(n - 7).slice(-7, -4)} ${String(n - 7).slice(-4)}`;
    if (i % 100 === 99) phone = '';
    table.push([
      `${first} ${last} ${i}`,
      phone,
      `p${i}@example.com`,
      companies[i % companies.length]!,
      i % 2 === 0 ? `${100 + (i % 900)} Market St, San Francisco` : '',
      i % 3 === 0 ? `https://c${i % 1000}.example.com` : '',
    ]);
  }
  return toCsv(table);
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const main = async () => {
  const rows = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
  const text = importSampleCsv(rows);
  const bytes = new TextEncoder().encode(text);
  const dir = mkdtempSync(join(tmpdir(), 'crm-bench-import-'));
  const env = { DATA_DIR: join(dir, 'db'), DATABASE_URL: '' };
  try {
    const root = fileURLToPath(new URL('..', import.meta.url));
    execFileSync(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'seed-demo.ts')], { cwd: root, env: { ...process.env, ...env }, stdio: 'ignore' });
    const server = await startServer(env);
    try {
      const admin = demoUsers[0];
      const login = await post(server.url, '/api/wp/user/login', { email: admin.email, password: admin.password });
      const token = login.data?.access_token as string;
      const send = async (path: string) => {
        const form = new FormData();
        form.append('file', new File([bytes], 'people.csv', { type: 'text/csv' }));
        form.append('relation', JSON.stringify({ name: 0, phone: 1, email: 2, companyName: 3, companyAddress: 4, companyWebsite: 5 }));
        const t0 = performance.now();
        const res = await fetch(server.url + path, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
        const answer = (await res.json()) as { code: number; message: string; data: Record<string, number> };
        const ms = performance.now() - t0;
        if (answer.code !== 100000) throw new Error(`${path} answered ${answer.code} ${answer.message}`);
        return { ms, data: answer.data };
      };
      const checked = await send(leadFileCalls.leadsImportCheck.member.path.replace('/member/', '/admin/'));
      const imported = await send(leadFileCalls.leadsImport.member.path.replace('/member/', '/admin/'));
      const { added, updated, unchanged, skipped } = imported.data;
      console.log(
        [
          `lead import, ${rows.toLocaleString('en')} rows (${(bytes.byteLength / 1024 / 1024).toFixed(1)} MB CSV) on PGlite, one request each from upload to answer:`,
          `  import check (nothing written): ${seconds(checked.ms)}`,
          `  import: ${seconds(imported.ms)} (goal: <= 10 s): ${added} added, ${updated} updated, ${unchanged} unchanged, ${skipped} skipped`,
        ].join('\n'),
      );
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

const isMain = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
