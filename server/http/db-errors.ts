/**
 * A database refusal of a value that slipped past the input checks, told in words: the class of
 * the SQLSTATE (pg's and PGlite's errors both carry it as `code`) picks a Chinese message. The
 * SQL and the database's own text stay in the log, never in the answer.
 */
import { inputText } from '../../domain/texts/server.ts';

const byCode: Record<string, string> = {
  '22P05': inputText.dbText, // untranslatable character (\u0000 in jsonb)
  '22021': inputText.dbText, // character not in repertoire (NUL in text)
  '22003': inputText.dbRange, // numeric value out of range (int4/int8/numeric)
  '22P02': inputText.dbFormat, // invalid text representation ('abc'::int)
  '22007': inputText.dbFormat, // invalid datetime format
  '22008': inputText.dbRange, // datetime field overflow
  '22001': inputText.dbTooLong, // string data right truncation (varchar(n))
  '54001': inputText.dbTooComplex, // statement too complex (stack depth)
  '54000': inputText.dbTooComplex, // program limit exceeded
};

export interface DatabaseRefusal {
  sqlState: string;
  message: string;
}

/** The user-facing message for a database error caused by the request's values, or null. */
export function databaseRefusal(error: unknown): DatabaseRefusal | null {
  if (!error || typeof error !== 'object') return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return null;
  const known = byCode[code];
  if (known) return { sqlState: code, message: known };
  // the rest of class 22 (data exception) is still the request's value, not the server's fault
  if (code.startsWith('22')) return { sqlState: code, message: inputText.dbFormat };
  return null;
}
