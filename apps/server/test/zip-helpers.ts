import { crc32, deflateRawSync } from 'node:zlib';

// Zip archives written by hand for the archive tests: entries stored or deflated exactly as given,
// so a test can craft what no zip tool writes (a "bomb", an entry past a cap).

export interface ZipEntry {
  name: string;
  /** The entry's content, or its chunks (the same chunk repeated makes a large entry cheaply). */
  content: Buffer | Buffer[];
  /** Stored as it is rather than deflated. */
  stored?: boolean;
}

/** A zip archive of `entries`: local headers with their sizes, the central directory and its end. */
export function zipOf(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const chunks = Array.isArray(entry.content) ? entry.content : [entry.content];
    let crc = 0;
    let size = 0;
    for (const chunk of chunks) {
      crc = crc32(chunk, crc);
      size += chunk.length;
    }
    const data = entry.stored ? Buffer.concat(chunks) : deflateChunks(chunks);
    const name = Buffer.from(entry.name);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(entry.stored ? 0 : 8, 8);
    header.writeUInt32LE(crc >>> 0, 14);
    header.writeUInt32LE(data.length, 18);
    header.writeUInt32LE(size, 22);
    header.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.stored ? 0 : 8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(header, name, data);
    centrals.push(central, name);
    offset += header.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** One deflate stream of all the chunks. */
const deflateChunks = (chunks: Buffer[]): Buffer => deflateRawSync(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** The parts of a one-sheet XLSX workbook around its shared strings (the sheet's first cell names string 0). */
export function workbookParts(): ZipEntry[] {
  const text = (name: string, body: string): ZipEntry => ({ name, content: Buffer.from(XML + body) });
  return [
    text(
      '[Content_Types].xml',
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
    ),
    text(
      '_rels/.rels',
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    text(
      'xl/workbook.xml',
      '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    text(
      'xl/_rels/workbook.xml.rels',
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
    ),
  ];
}

/** A worksheet whose rows name shared strings 0…n-1 in column A. */
export function sheetNaming(n: number): ZipEntry {
  const rows = Array.from({ length: n }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}" t="s"><v>${i}</v></c></row>`).join('');
  return {
    name: 'xl/worksheets/sheet1.xml',
    content: Buffer.from(
      `${XML}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`,
    ),
  };
}

/** A shared strings part of `chunks` (each a run of `<si>` items), wrapped in its table. */
export function sharedStrings(chunks: Buffer[], stored = false): ZipEntry {
  return {
    name: 'xl/sharedStrings.xml',
    content: [
      Buffer.from(`${XML}<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">`),
      ...chunks,
      Buffer.from('</sst>'),
    ],
    stored,
  };
}
