/**
 * Unpacking a user's zip (an .xlsx) under a hard cap on the bytes actually produced. Nothing the
 * archive declares is trusted for memory: an entry's uncompressed size is never read, inflating
 * stops as soon as the entries together pass `maxBytes` (zlib's maxOutputLength counts the output
 * while it is made), and the compressed size only bounds a slice of the uploaded bytes. A zip
 * whose sheet claims 1,000 bytes but inflates to 1 GB is refused after `maxBytes`, not after 1 GB.
 * Structure that does not add up (offsets outside the file, unknown methods, encryption) is no
 * workbook.
 */
import { createInflateRaw, inflateRawSync } from 'node:zlib';

/** Why an archive could not be unpacked: not a zip (or a damaged one), or past the cap. */
export class ZipReadError extends Error {
  constructor(readonly reason: 'notZip' | 'tooLarge') {
    super(reason);
  }
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64_EXTRA = 0x0001;
const U32_MAX = 0xffffffff;

interface CentralEntry { name: string; method: number; flags: number; compressedSize: number; localOffset: number }

function fail(): never {
  throw new ZipReadError('notZip');
}

/** The end-of-central-directory record: the last signature within the final 64 KB + 22 bytes. */
function endRecord(bytes: Buffer): number {
  const stop = Math.max(0, bytes.length - 22 - 0xffff);
  for (let i = bytes.length - 22; i >= stop; i--) if (bytes.readUInt32LE(i) === EOCD) return i;
  return fail();
}

/** A zip64 extra field supplies the sizes and offset the 32-bit fields mark as 0xFFFFFFFF. */
function zip64(bytes: Buffer, extraStart: number, extraEnd: number, sizes: { uncompressed: number; compressed: number; offset: number }) {
  for (let p = extraStart; p + 4 <= extraEnd;) {
    const id = bytes.readUInt16LE(p);
    const size = bytes.readUInt16LE(p + 2);
    if (id === ZIP64_EXTRA) {
      let q = p + 4;
      const next = () => {
        if (q + 8 > p + 4 + size) fail();
        const v = Number(bytes.readBigUInt64LE(q));
        q += 8;
        return v;
      };
      if (sizes.uncompressed === U32_MAX) sizes.uncompressed = next();
      if (sizes.compressed === U32_MAX) sizes.compressed = next();
      if (sizes.offset === U32_MAX) sizes.offset = next();
      return;
    }
    p += 4 + size;
  }
}

function centralDirectory(bytes: Buffer): CentralEntry[] {
  if (bytes.length < 22) fail();
  const end = endRecord(bytes);
  const count = bytes.readUInt16LE(end + 10);
  let p = bytes.readUInt32LE(end + 16);
  const entries: CentralEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (p + 46 > bytes.length || bytes.readUInt32LE(p) !== CENTRAL) fail();
    const flags = bytes.readUInt16LE(p + 8);
    const method = bytes.readUInt16LE(p + 10);
    const nameLength = bytes.readUInt16LE(p + 28);
    const extraLength = bytes.readUInt16LE(p + 30);
    const commentLength = bytes.readUInt16LE(p + 32);
    const sizes = { compressed: bytes.readUInt32LE(p + 20), uncompressed: bytes.readUInt32LE(p + 24), offset: bytes.readUInt32LE(p + 42) };
    const nameEnd = p + 46 + nameLength;
    if (nameEnd + extraLength > bytes.length) fail();
    zip64(bytes, nameEnd, nameEnd + extraLength, sizes);
    entries.push({ name: bytes.toString('utf8', p + 46, nameEnd), method, flags, compressedSize: sizes.compressed, localOffset: sizes.offset });
    p = nameEnd + extraLength + commentLength;
  }
  return entries;
}

/** Where an entry's compressed bytes are: after its local header, within the file. */
function compressedData(bytes: Buffer, e: CentralEntry): Buffer {
  const p = e.localOffset;
  if (p + 30 > bytes.length || bytes.readUInt32LE(p) !== LOCAL) fail();
  const start = p + 30 + bytes.readUInt16LE(p + 26) + bytes.readUInt16LE(p + 28);
  if (start + e.compressedSize > bytes.length) fail();
  return bytes.subarray(start, start + e.compressedSize);
}

/**
 * The entries of the zip `bytes` that `wanted` names, unpacked; refused once they together
 * produce more than `maxBytes`. Entries not wanted are never inflated.
 */
export function unzipCapped(bytes: Buffer, wanted: (name: string) => boolean, maxBytes: number): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  let produced = 0;
  for (const e of centralDirectory(bytes)) {
    const name = e.name.startsWith('/') ? e.name.slice(1) : e.name;
    if (name.endsWith('/') || !wanted(name)) continue;
    if (e.flags & 1) fail(); // encrypted
    const data = compressedData(bytes, e);
    const room = maxBytes - produced;
    let content: Buffer;
    if (e.method === 0) {
      if (data.length > room) throw new ZipReadError('tooLarge');
      content = Buffer.from(data);
    } else if (e.method === 8) {
      try {
        // maxOutputLength must be at least 1; an entry that produces anything past the room fails below
        content = inflateRawSync(data, { maxOutputLength: Math.max(1, room) });
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new ZipReadError('tooLarge');
        return fail();
      }
      if (content.length > room) throw new ZipReadError('tooLarge');
    } else {
      return fail();
    }
    produced += content.length;
    out.set(name, content);
  }
  return out;
}

/**
 * The entry `name` of the zip `bytes`, inflated as a stream: its pieces in order, refused once they
 * pass `maxBytes`; undefined when the zip has no such entry. A consumer that stops early (breaks
 * out of its loop) ends the inflating there, so what it never reads is never inflated.
 */
export function streamEntryCapped(bytes: Buffer, name: string, maxBytes: number): AsyncGenerator<Buffer> | undefined {
  const e = centralDirectory(bytes).find((c) => (c.name.startsWith('/') ? c.name.slice(1) : c.name) === name);
  if (!e) return undefined;
  if (e.flags & 1 || (e.method !== 0 && e.method !== 8)) fail();
  const data = compressedData(bytes, e);
  return (async function* () {
    if (e.method === 0) {
      if (data.length > maxBytes) throw new ZipReadError('tooLarge');
      yield Buffer.from(data);
      return;
    }
    const inflater = createInflateRaw();
    inflater.end(data);
    let produced = 0;
    try {
      for await (const piece of inflater as AsyncIterable<Buffer>) {
        produced += piece.length;
        if (produced > maxBytes) throw new ZipReadError('tooLarge');
        yield piece;
      }
    } catch (error) {
      if (error instanceof ZipReadError) throw error;
      return fail();
    } finally {
      inflater.destroy();
    }
  })();
}
