import { describe, expect, it } from 'vitest';
import { inputText } from '../../domain/texts/server.ts';
import { databaseRefusal } from './db-errors.ts';

describe('databaseRefusal', () => {
  it('tells the value classes of pg and PGlite errors in words', () => {
    // pg's DatabaseError and PGlite's both carry the SQLSTATE as code
    const err = (code: string) => Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00 … SELECT * FROM x'), { code, severity: 'ERROR' });
    expect(databaseRefusal(err('22021'))).toEqual({ sqlState: '22021', message: inputText.dbText });
    expect(databaseRefusal(err('22P05'))?.message).toBe(inputText.dbText);
    expect(databaseRefusal(err('22003'))?.message).toBe(inputText.dbRange);
    expect(databaseRefusal(err('22P02'))?.message).toBe(inputText.dbFormat);
    expect(databaseRefusal(err('22001'))?.message).toBe(inputText.dbTooLong);
    expect(databaseRefusal(err('54001'))?.message).toBe(inputText.dbTooComplex);
    expect(databaseRefusal(err('22012'))?.message).toBe(inputText.dbFormat);
  });

  it('leaves the server\'s own failures alone', () => {
    expect(databaseRefusal(Object.assign(new Error('x'), { code: '40001' }))).toBeNull();
    expect(databaseRefusal(Object.assign(new Error('x'), { code: 'FST_ERR_VALIDATION' }))).toBeNull();
    expect(databaseRefusal(Object.assign(new Error('x'), { code: 'ENOENT' }))).toBeNull();
    expect(databaseRefusal(null)).toBeNull();
  });
});
