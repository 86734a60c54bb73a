/**
 * What the Excel query import accepts before anything is uploaded (bills §5), the same rules the
 * server applies (server/files/uploads.ts): at most 3 files, .xlsx (an .xls is told to be saved as
 * .xlsx), not empty. Any name is taken as it is (issue 31 item 3: the server names stored files itself).
 */
import { excelNameProblem } from '../../../../domain/excel-files.ts';
import { billServerText, billText } from '../../../../domain/texts/bills.ts';

export const MAX_QUERY_FILES = 3;

export interface NamedFile { readonly name: string; readonly size: number }

/** The spec's message for a file the import refuses, or null. */
export function queryFileProblem(file: NamedFile): string | null {
  const kind = excelNameProblem(file.name);
  if (kind) return kind;
  if (file.size === 0) return billText.emptyFile;
  return null;
}

/** Adds chosen files to those already listed; refuses (with the reason) what would break a rule. */
export function addQueryFiles<F extends NamedFile>(current: readonly F[], chosen: readonly F[]): { files: F[]; problems: string[] } {
  const files = [...current];
  const problems: string[] = [];
  for (const file of chosen) {
    const problem = queryFileProblem(file);
    if (problem) problems.push(`${file.name}：${problem}`);
    else if (files.some((f) => f.name === file.name)) continue;
    else if (files.length >= MAX_QUERY_FILES) problems.push(`${file.name}：${billServerText.tooManyFiles(MAX_QUERY_FILES)}`);
    else files.push(file);
  }
  return { files, problems };
}
