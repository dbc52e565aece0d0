/**
 * Reading and planning a lead import (SPEC §4, §5; decisions in src/contract/lead-files.ts): pure
 * functions over the file's bytes and the member's existing leads, so the check and the import
 * plan alike and a test can run them on any bytes.
 */
import { rowValues, tableError } from '../../src/contract/import-rows';
import { looksLikeText, readImportTable, tableRowErrors, type ImportTable } from '../../src/contract/import-table';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_SKIPPED_LISTED_MAX,
  importFileErrors,
  type ImportCounts,
  type ImportRelation,
  type SkippedRow,
} from '../../src/contract/lead-files';
import { phoneKey } from './phone-key';

/** A file-level refusal (answered as VALIDATION with this SPEC §5 text). */
export class ImportFileError extends Error {}

/**
 * The file as a table (src/contract/import-table.ts, the reading the browser's worker shares):
 * refused when it is not text; bytes that are not UTF-8 read as replacement characters, never an
 * error.
 */
export const readImportFile = (bytes: Uint8Array): ImportTable => {
  if (bytes.byteLength > IMPORT_MAX_BYTES) throw new ImportFileError(importFileErrors.size);
  if (!looksLikeText(bytes)) throw new ImportFileError(importFileErrors.notText);
  const table = readImportTable(new TextDecoder('utf-8', { fatal: false }).decode(bytes));
  const problem = tableError(table.rows);
  if (problem) throw new ImportFileError(problem);
  if (table.rows.length - 1 > IMPORT_MAX_ROWS) throw new ImportFileError(`A file holds at most ${IMPORT_MAX_ROWS.toLocaleString('en')} rows`);
  return table;
};

/** An existing lead of the member, as the plan compares it. */
export type ExistingLead = {
  id: string;
  name: string;
  phoneKey: string | null;
  email: string | null;
  companyName: string | null;
  companyAddress: string | null;
  companyWebsite: string | null;
};

/** The fields an import sets (name and phone required; the rest when mapped and filled). */
export type ImportedFields = { name: string; phone: string; phoneKey: string; email?: string; companyName?: string; companyAddress?: string; companyWebsite?: string };
export type LeadChanges = Partial<Pick<ExistingLead, 'name' | 'email' | 'companyName' | 'companyAddress' | 'companyWebsite'>>;

export type ImportPlan = ImportCounts & {
  adds: ImportedFields[];
  updates: { id: string; changes: LeadChanges }[];
  skippedRows: SkippedRow[];
};

const CHANGEABLE = ['name', 'email', 'companyName', 'companyAddress', 'companyWebsite'] as const;

/**
 * What importing `table` into a member's leads does: each data row added, updated (its filled
 * fields that differ; the phone is how it was found, so its written form stays), unchanged, or
 * skipped with its reasons (SPEC §5 row errors, a line with broken quotes, a row that does not line
 * up with the header, a repeat of an earlier row's phone, a name another lead of the member has),
 * named by its data row and the line of the file it starts on.
 */
export const planImport = (table: ImportTable, relation: ImportRelation, existing: readonly ExistingLead[], country: string): ImportPlan => {
  const { rows } = table;
  const width = Math.max(...rows.map((r) => r.length));
  for (const [field, column] of Object.entries(relation)) {
    if (column !== undefined && column >= width) throw new ImportFileError(`The column of ${field} is not in the file`);
  }
  const byKey = new Map<string, ExistingLead>();
  const nameOwner = new Map<string, string>();
  for (const lead of existing) {
    if (lead.phoneKey && !byKey.has(lead.phoneKey)) byKey.set(lead.phoneKey, lead);
    nameOwner.set(lead.name.toLowerCase(), lead.id);
  }
  const seen = new Set<string>();
  const plan: ImportPlan = { total: 0, added: 0, updated: 0, unchanged: 0, skipped: 0, adds: [], updates: [], skippedRows: [] };
  const skip = (row: number, values: { name?: string; phone?: string }, reasons: SkippedRow['reasons']) => {
    plan.skipped++;
    if (plan.skippedRows.length < IMPORT_SKIPPED_LISTED_MAX) plan.skippedRows.push({ row, line: table.lines[row]!, name: values.name ?? '', phone: values.phone ?? '', reasons });
  };
  for (let i = 1; i < rows.length; i++) {
    const row = rows[i]!;
    plan.total++;
    const values = rowValues(row, relation);
    const errors = tableRowErrors(table, i, relation);
    if (errors.length > 0) {
      skip(i, values, errors);
      continue;
    }
    const key = phoneKey(values.phone, country)!;
    if (seen.has(key)) {
      skip(i, values, ['duplicateInFile']);
      continue;
    }
    seen.add(key);
    const fields: ImportedFields = { name: values.name!, phone: values.phone!, phoneKey: key };
    if (values.email) fields.email = values.email.toLowerCase();
    if (values.companyName) fields.companyName = values.companyName;
    if (values.companyAddress) fields.companyAddress = values.companyAddress;
    if (values.companyWebsite) fields.companyWebsite = values.companyWebsite;
    const nameKey = fields.name.toLowerCase();
    const found = byKey.get(key);
    if (!found) {
      if (nameOwner.has(nameKey)) {
        skip(i, values, ['nameTaken']);
        continue;
      }
      nameOwner.set(nameKey, `new:${i}`);
      plan.adds.push(fields);
      plan.added++;
      continue;
    }
    const changes: LeadChanges = {};
    for (const field of CHANGEABLE) {
      const value = fields[field];
      if (value !== undefined && value !== found[field]) changes[field] = value;
    }
    if (changes.name !== undefined) {
      const holder = nameOwner.get(nameKey);
      if (holder !== undefined && holder !== found.id) {
        skip(i, values, ['nameTaken']);
        continue;
      }
      nameOwner.delete(found.name.toLowerCase());
      nameOwner.set(nameKey, found.id);
    }
    if (Object.keys(changes).length === 0) {
      plan.unchanged++;
      continue;
    }
    plan.updates.push({ id: found.id, changes });
    plan.updated++;
  }
  return plan;
};
