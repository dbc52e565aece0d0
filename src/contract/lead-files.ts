/**
 * Lead import and export (SPEC §7 Leads: /leads/import/pipeline/check, /leads/import/pipeline,
 * /leads/export, /leads/export/pipeline; SPEC §4 Import wizard, §5 Import). Loaded with the import
 * wizard and the export buttons.
 *
 * Import: a multipart upload of the file (CSV or TSV, any common delimiter, UTF-8 with or without a
 * BOM), `relation` (JSON text: each mapped field's 0-based column index), `tab_id` (the tab new
 * leads go to) and optionally `default_country`. `check` answers what the import would do without
 * writing; the import itself runs in one transaction (a failure leaves the data as it was).
 * - A row is the same person as an existing lead of the acting member when their phone numbers are
 *   equal in E.164 form (libphonenumber-js; a number without a country code takes the default
 *   country: the request's, else the workspace's). Such a lead is updated with the row's filled
 *   fields (an empty cell changes nothing); when nothing differs it is counted `unchanged`, so
 *   importing the same file twice changes nothing.
 * - Rows with errors are skipped with their reasons (`importRowErrors`); a later row with the phone
 *   of an earlier row is skipped as `duplicateInFile`; a new row whose name another lead of the
 *   member already has is skipped as `nameTaken` (names are unique per member, SPEC §5).
 *
 * Export: a CSV file (UTF-8 with BOM) of exactly the leads the filter shows; cells that a
 * spreadsheet would run as a formula are neutralised. Free and trial plans get PLAN_LIMIT (100008).
 */
import { z } from 'zod/mini';
import { boundedInt, maxChars } from './bounds';
import { downloadedFile, uploadedFile } from './files';
import { leadListRequest } from './leads';
import { byRole, flattenRolePairs } from './role-pair';

/** SPEC §3 Import mapping fields (up to 6); name and phone are required. */
export const importFields = ['name', 'phone', 'email', 'companyName', 'companyAddress', 'companyWebsite'] as const;
export type ImportField = (typeof importFields)[number];
/** Largest file accepted (SPEC §8 'Invalid size' above it). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Most data rows one file may hold. */
export const IMPORT_MAX_ROWS = 200_000;
/** Skipped rows listed in a check answer (the counts cover all of them). */
export const IMPORT_SKIPPED_LISTED_MAX = 1000;

/** SPEC §5 file-level messages (the server answers them as VALIDATION with this text). */
export const importFileErrors = {
  noFile: 'Please input a file',
  empty: 'Your file is empty.',
  noRecord: 'Your file has no record.',
  nameAndPhone: 'Name and Phone is required.',
  size: 'Invalid size',
  /** Not a text file: a NUL byte or mostly control characters in its first kilobytes (src/contract/import-table.ts). */
  notText: 'This is not a text file. Choose a CSV or TSV file saved as UTF-8 text.',
} as const;

/**
 * SPEC §5 per-row errors, then ours (duplicateInFile, nameTaken, tooLong; badQuotes: the row's line
 * has broken quotes; fieldCount: the row does not line up with the header; src/contract/import-table.ts).
 */
export const importRowErrors = [
  'phoneNotMapped',
  'phoneEmpty',
  'phoneInvalid',
  'nameNotMapped',
  'nameEmpty',
  'emailInvalid',
  'duplicateInFile',
  'nameTaken',
  'tooLong',
  'badQuotes',
  'fieldCount',
] as const;
export type ImportRowError = (typeof importRowErrors)[number];

/** A 0-based column index: below the file's size in bytes, as every column takes at least one byte. */
const columnIndex = boundedInt(0, IMPORT_MAX_BYTES - 1);
/** Mapped field → 0-based column index of the file (name and phone required, SPEC §5). */
export const importRelation = z.object({
  name: columnIndex,
  phone: columnIndex,
  email: z.optional(columnIndex),
  companyName: z.optional(columnIndex),
  companyAddress: z.optional(columnIndex),
  companyWebsite: z.optional(columnIndex),
});
export type ImportRelation = z.infer<typeof importRelation>;

/** ISO 3166-1 alpha-2 region, as libphonenumber-js takes it. */
export const countryCode = z.string().check(z.regex(/^[A-Z]{2}$/, 'Use a two-letter country code'));

/** The multipart fields (text fields arrive as strings; `relation` is JSON text, parsed by the server with importRelation). */
export const importRequest = z.object({
  file: uploadedFile,
  relation: z.string().check(maxChars(2000)),
  tabId: z.optional(z.string().check(z.regex(/^\d{1,9}$/, 'tab_id must be a tab id'))),
  defaultCountry: z.optional(countryCode),
});

export const importCounts = z.object({ total: z.int(), added: z.int(), updated: z.int(), unchanged: z.int(), skipped: z.int() });
export type ImportCounts = z.infer<typeof importCounts>;
export const skippedRow = z.object({
  /** 1-based data row (the header line not counted). */
  row: z.int(),
  /** 1-based line of the file the row starts on (the header's is 1). */
  line: z.int(),
  name: z.string(),
  phone: z.string(),
  reasons: z.array(z.enum(importRowErrors)),
});
export type SkippedRow = z.infer<typeof skippedRow>;
export const importCheckData = z.extend(importCounts, {
  defaultCountry: z.string(),
  skippedRows: z.array(skippedRow),
  /** More rows were skipped than listed (IMPORT_SKIPPED_LISTED_MAX). */
  skippedRowsTruncated: z.boolean(),
});
export const importData = importCounts;

const { page: _page, pageSize: _pageSize, ...leadSearchShape } = leadListRequest.def.shape;
/** The pipeline's search options without paging: the leads of one tab (or all) the filter shows. */
export const leadExportRequest = z.object(leadSearchShape);

const uploadLimit = IMPORT_MAX_BYTES + 64 * 1024;

export const leadFileCalls = {
  leadsImportCheck: byRole('/leads/import/pipeline/check', importRequest, importCheckData, { body: 'multipart', bodyLimit: uploadLimit }),
  leadsImport: byRole('/leads/import/pipeline', importRequest, importData, { body: 'multipart', bodyLimit: uploadLimit }),
  /** The leads the pipeline's filter shows (one tab or every tab). */
  leadsExport: byRole('/leads/export', leadExportRequest, downloadedFile, { result: 'file' }),
  /** The whole pipeline the filter shows, tab by tab in the member's order, with each lead's tab name. */
  leadsExportPipeline: byRole('/leads/export/pipeline', leadExportRequest, downloadedFile, { result: 'file' }),
} as const;

export const leadFilesEndpoints = flattenRolePairs(leadFileCalls);
