// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { SHEET, hostileXlsx, sheetOfSpaces } from '../../tests/helpers/hostile-xlsx.ts';
import { zip } from '../archive/zip.ts';
import { unzipCapped, ZipReadError } from './zip-read.ts';

const MB = 1024 * 1024;
const all = () => true;

describe('unzipCapped', () => {
  it('unpacks deflated and stored entries, and only those wanted', () => {
    const entries = [{ name: 'a.xml', content: Buffer.from('<a>出口</a>') }, { name: 'b.xml', content: Buffer.alloc(5000, 0x41) }];
    for (const store of [false, true]) {
      const bytes = zip(entries, { store });
      const out = unzipCapped(bytes, all, MB);
      expect(out.get('a.xml')?.toString()).toBe('<a>出口</a>');
      expect(out.get('b.xml')?.length).toBe(5000);
      expect([...unzipCapped(bytes, (n) => n === 'a.xml', MB).keys()]).toEqual(['a.xml']);
    }
  });

  it('counts the bytes it produces, whatever the headers claim: a sheet claiming 1,000 bytes but holding 64 MB is refused at the cap', async () => {
    const bomb = await hostileXlsx([{ name: SHEET, chunks: sheetOfSpaces(64 * MB), claimedSize: 1000 }]);
    expect(bomb.length).toBeLessThan(MB);
    expect(() => unzipCapped(bomb, all, 4 * MB)).toThrow(new ZipReadError('tooLarge'));
    // the cap is on the total: entries that each fit still add up
    const two = zip([{ name: 'a', content: Buffer.alloc(3000) }, { name: 'b', content: Buffer.alloc(3000) }]);
    expect(() => unzipCapped(two, all, 5000)).toThrow(new ZipReadError('tooLarge'));
    expect(unzipCapped(two, all, 6000).size).toBe(2);
    // an entry nobody asked for is never inflated, however large
    expect([...unzipCapped(bomb, (n) => n !== SHEET, 4 * MB).keys()]).not.toContain(SHEET);
  });

  it('refuses what is no zip, or a damaged one', () => {
    const good = zip([{ name: 'a.xml', content: Buffer.from('<a/>'.repeat(100)) }]);
    expect(() => unzipCapped(Buffer.from('not a workbook'), all, MB)).toThrow(new ZipReadError('notZip'));
    expect(() => unzipCapped(Buffer.alloc(0), all, MB)).toThrow(new ZipReadError('notZip'));
    // the end record points at a directory outside the file
    const moved = Buffer.from(good);
    moved.writeUInt32LE(0x7fffffff, moved.length - 6);
    expect(() => unzipCapped(moved, all, MB)).toThrow(new ZipReadError('notZip'));
    // the deflated data is cut short
    const cut = Buffer.from(good);
    const central = good.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    cut.writeUInt32LE(0x7fffff, central + 20); // the central directory's compressed size: past the file's end
    expect(() => unzipCapped(cut, all, MB)).toThrow(new ZipReadError('notZip'));
    // garbage where deflated data should be
    const garbage = Buffer.from(good);
    garbage.fill(0xff, 30 + 'a.xml'.length, 30 + 'a.xml'.length + 4);
    expect(() => unzipCapped(garbage, all, MB)).toThrow(new ZipReadError('notZip'));
  });
});
