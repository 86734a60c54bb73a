/**
 * A small text PDF (the seeded knowledge documents and notice attachments): A4 pages, a title and
 * wrapped paragraphs in the standard Chinese font STSong-Light (Adobe-GB1, UniGB-UCS2-H), which PDF
 * readers supply themselves, so nothing is embedded and the file stays a few kilobytes. Text is
 * written as UTF-16 hex strings; characters outside the BMP are replaced by a question mark.
 */
const PAGE_W = 595;
const PAGE_H = 842;
const MARGIN = 64;
const BODY = 11;
const TITLE = 18;
const LEADING = 1.7;

/** Width in em: ASCII takes half a square, everything else a whole one. */
const width = (ch: string) => (ch.charCodeAt(0) < 0x80 ? 0.5 : 1);

function wrap(text: string, size: number): string[] {
  const max = (PAGE_W - 2 * MARGIN) / size;
  const lines: string[] = [];
  let line = '';
  let used = 0;
  for (const ch of text) {
    const w = width(ch);
    if (used + w > max) {
      lines.push(line);
      line = '';
      used = 0;
    }
    line += ch;
    used += w;
  }
  if (line) lines.push(line);
  return lines;
}

const hex = (text: string) => [...text].map((ch) => {
  const code = ch.codePointAt(0)!;
  return (code > 0xffff ? 0x3f : code).toString(16).padStart(4, '0');
}).join('');

interface Line { text: string; size: number; gapBefore: number }

export function simplePdf(title: string, paragraphs: readonly string[]): Uint8Array {
  const lines: Line[] = wrap(title, TITLE).map((text) => ({ text, size: TITLE, gapBefore: 0 }));
  for (const para of paragraphs) {
    wrap(para, BODY).forEach((text, i) => lines.push({ text, size: BODY, gapBefore: i === 0 ? BODY * 0.8 : 0 }));
  }
  // lay the lines out on pages
  const pages: string[] = [];
  let ops: string[] = [];
  let y = PAGE_H - MARGIN;
  for (const l of lines) {
    const step = l.size * LEADING + l.gapBefore;
    if (y - step < MARGIN && ops.length > 0) {
      pages.push(ops.join('\n'));
      ops = [];
      y = PAGE_H - MARGIN;
    }
    y -= step;
    ops.push(`BT /F1 ${l.size} Tf ${MARGIN} ${y.toFixed(1)} Td <${hex(l.text)}> Tj ET`);
  }
  pages.push(ops.join('\n'));

  const objects: string[] = [];
  const add = (body: string) => { objects.push(body); return objects.length; };
  const catalog = add('');
  const pagesObj = add('');
  const font = add('');
  const cidFont = add('');
  const descriptor = add('<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>');
  objects[cidFont - 1] = `<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 2 >> /FontDescriptor ${descriptor} 0 R /DW 1000 /W [1 95 500] >>`;
  objects[font - 1] = `<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [${cidFont} 0 R] >>`;
  const kids: number[] = [];
  for (const content of pages) {
    const stream = add(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
    kids.push(add(`<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${stream} 0 R >>`));
  }
  objects[pagesObj - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R >>`;

  // everything above is ASCII, so string length = byte length for the cross-reference offsets
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
