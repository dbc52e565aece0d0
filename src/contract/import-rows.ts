/**
 * The import's rules for one file (SPEC §4, §5), shared by the browser's parsing worker (which
 * shows the errors before anything is sent) and the server (which checks again: it trusts no
 * client). Pure functions over a table of strings.
 */
import type { ImportField, ImportRelation, ImportRowError } from './lead-files';
import { importFields, importFileErrors } from './lead-files';
import { isPhoneText, PHONE_MAX_CHARS } from './phone';

/** SPEC §5: an email of the form x@y.z. */
export const IMPORT_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Longest text per field (the lead form's limits, src/contract/leads.ts). */
export const importFieldMax: Record<ImportField, number> = {
  name: 100,
  phone: PHONE_MAX_CHARS,
  email: 254,
  companyName: 200,
  companyAddress: 500,
  companyWebsite: 500,
};

/** A mapping in progress: any field may still be unmapped. */
export type PartialRelation = Partial<Record<ImportField, number>>;

/** A mapping as a key (the same mapping, the same key). */
export const relationKey = (relation: PartialRelation): string => importFields.map((field) => relation[field] ?? '').join(',');

/** SPEC §5 'Name and Phone is required.' when either is unmapped; null when the mapping can go on. */
export const mappingError = (relation: PartialRelation): string | null =>
  relation.name === undefined || relation.phone === undefined ? importFileErrors.nameAndPhone : null;

/** The mapping as the wire's relation (name and phone mapped), or null. */
export const completeRelation = (relation: PartialRelation): ImportRelation | null =>
  relation.name === undefined || relation.phone === undefined ? null : (relation as ImportRelation);

const cell = (row: readonly string[], index: number | undefined): string | undefined => (index === undefined ? undefined : (row[index] ?? '').trim());

/** One data row's values by field (trimmed; absent when unmapped). */
export const rowValues = (row: readonly string[], relation: PartialRelation): Partial<Record<ImportField, string>> => {
  const out: Partial<Record<ImportField, string>> = {};
  for (const field of importFields) {
    const value = cell(row, relation[field]);
    if (value !== undefined) out[field] = value;
  }
  return out;
};

/**
 * SPEC §5 row errors of one data row, in the SPEC's order (then tooLong); empty when it imports.
 * Runs once per row of files of 100,000 rows (in the browser's worker and on the server), so it
 * reads the mapped cells directly rather than building the row's values first.
 */
export const rowErrors = (row: readonly string[], relation: PartialRelation): ImportRowError[] => {
  const errors: ImportRowError[] = [];
  const phone = cell(row, relation.phone);
  if (phone === undefined) errors.push('phoneNotMapped');
  else if (phone === '') errors.push('phoneEmpty');
  else if (!isPhoneText(phone)) errors.push('phoneInvalid');
  const name = cell(row, relation.name);
  if (name === undefined) errors.push('nameNotMapped');
  else if (name === '') errors.push('nameEmpty');
  const email = cell(row, relation.email);
  if (email && !IMPORT_EMAIL_PATTERN.test(email)) errors.push('emailInvalid');
  for (const field of importFields) {
    const index = relation[field];
    // A cell longer than the limit untrimmed may fit trimmed: trim only then.
    if (index !== undefined && (row[index]?.length ?? 0) > importFieldMax[field] && (row[index] ?? '').trim().length > importFieldMax[field]) {
      errors.push('tooLong');
      break;
    }
  }
  return errors;
};

/** SPEC §5 file-level error of a parsed table (header row first), or null. */
export const tableError = (table: readonly (readonly string[])[]): string | null => {
  // Stops at the second row with something in it: a file of 100,000 rows is answered at once.
  let nonEmpty = 0;
  for (const row of table) {
    if (row.some((value) => value.trim() !== '') && ++nonEmpty === 2) return null;
  }
  return nonEmpty === 0 ? importFileErrors.empty : importFileErrors.noRecord;
};

/**
 * Column headers each field is matched by, in English, Simplified Chinese and Arabic (compared
 * without case, spaces, underscores or hyphens). The person can change any match.
 */
export const importHeaderAliases: Record<ImportField, readonly string[]> = {
  name: ['name', 'full name', 'contact name', 'contact', 'lead name', '姓名', '名字', '名称', '联系人', '联系人姓名', 'الاسم', 'اسم', 'الاسم الكامل', 'اسم جهة الاتصال'],
  phone: ['phone', 'phone number', 'mobile', 'mobile number', 'telephone', 'tel', 'whatsapp', 'contact phone', '电话', '手机', '手机号', '手机号码', '电话号码', '联系电话', 'الهاتف', 'رقم الهاتف', 'الجوال', 'رقم الجوال', 'هاتف'],
  email: ['email', 'e-mail', 'email address', 'mail', '邮箱', '电子邮件', '电子邮箱', '邮件', 'البريد الإلكتروني', 'البريد', 'الإيميل'],
  companyName: ['company', 'company name', 'organization', 'organisation', 'business', '公司', '公司名称', '企业', '企业名称', 'الشركة', 'اسم الشركة'],
  companyAddress: ['address', 'company address', 'street', '地址', '公司地址', 'العنوان', 'عنوان الشركة'],
  companyWebsite: ['website', 'company website', 'web', 'url', 'site', '网站', '公司网站', '网址', 'الموقع', 'الموقع الإلكتروني', 'موقع الشركة'],
};

const headerKey = (header: string): string => header.normalize('NFKC').toLowerCase().replace(/[\s_\-:：]+/g, '');

/** The automatic mapping of a file's header row: each field to the first column its aliases name. */
export const autoMatch = (headers: readonly string[]): PartialRelation => {
  const keys = headers.map(headerKey);
  const relation: PartialRelation = {};
  const taken = new Set<number>();
  for (const field of importFields) {
    const aliases = new Set(importHeaderAliases[field].map(headerKey));
    const index = keys.findIndex((key, i) => !taken.has(i) && aliases.has(key));
    if (index >= 0) {
      relation[field] = index;
      taken.add(index);
    }
  }
  return relation;
};
