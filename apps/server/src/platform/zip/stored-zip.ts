/**
 * A STORE-only ZIP whose every byte is known before the first one is sent: entries are stored
 * uncompressed with their CRC-32 given up front, so the archive's size is exact (Content-Length)
 * and any byte range can be produced on its own (HTTP Range, resumable downloads) by walking the
 * layout. ZIP64 records are written only where a size, an offset or the entry count needs them.
 */

export interface ZipEntry {
  /** Path inside the archive (UTF-8, '/' separated). */
  name: string;
  size: number;
  /** CRC-32 of the entry's bytes (unsigned). */
  crc32: number;
  modified: Date;
  /** The entry's bytes from `start` to `end` inclusive. */
  open(start: number, end: number): Promise<AsyncIterable<Uint8Array> | Iterable<Uint8Array>>;
}

type Segment = { offset: number; length: number } & (
  { kind: 'bytes'; bytes: Buffer } | { kind: 'entry'; entry: ZipEntry }
);

const MAX32 = 0xffffffff;
const MAX16 = 0xffff;
const FLAG_UTF8 = 0x0800;
const UNIX_FILE_MODE = 0o100644;

/** MS-DOS date and time (UTC, two-second resolution, 1980 to 2107). */
function dosDateTime(date: Date): { time: number; date: number } {
  const year = Math.min(Math.max(date.getUTCFullYear(), 1980), 2107);
  const clamped = year !== date.getUTCFullYear();
  const d = clamped ? new Date(Date.UTC(year, 0, 1)) : date;
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | Math.floor(d.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

function localHeader(entry: ZipEntry, name: Buffer): Buffer {
  const zip64 = entry.size >= MAX32;
  const extra = zip64 ? Buffer.alloc(20) : Buffer.alloc(0);
  if (zip64) {
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(16, 2);
    extra.writeBigUInt64LE(BigInt(entry.size), 4);
    extra.writeBigUInt64LE(BigInt(entry.size), 12);
  }
  const header = Buffer.alloc(30);
  const { time, date } = dosDateTime(entry.modified);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(zip64 ? 45 : 20, 4);
  header.writeUInt16LE(FLAG_UTF8, 6);
  header.writeUInt16LE(0, 8); // stored
  header.writeUInt16LE(time, 10);
  header.writeUInt16LE(date, 12);
  header.writeUInt32LE(entry.crc32 >>> 0, 14);
  header.writeUInt32LE(zip64 ? MAX32 : entry.size, 18);
  header.writeUInt32LE(zip64 ? MAX32 : entry.size, 22);
  header.writeUInt16LE(name.length, 26);
  header.writeUInt16LE(extra.length, 28);
  return Buffer.concat([header, name, extra]);
}

function centralHeader(entry: ZipEntry, name: Buffer, offset: number): Buffer {
  const bigSize = entry.size >= MAX32;
  const bigOffset = offset >= MAX32;
  const fields = [...(bigSize ? [entry.size, entry.size] : []), ...(bigOffset ? [offset] : [])];
  const extra = Buffer.alloc(fields.length ? 4 + 8 * fields.length : 0);
  if (fields.length) {
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(8 * fields.length, 2);
    fields.forEach((value, i) => extra.writeBigUInt64LE(BigInt(value), 4 + 8 * i));
  }
  const header = Buffer.alloc(46);
  const { time, date } = dosDateTime(entry.modified);
  const version = bigSize || bigOffset ? 45 : 20;
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE((3 << 8) | version, 4); // made by: Unix
  header.writeUInt16LE(version, 6);
  header.writeUInt16LE(FLAG_UTF8, 8);
  header.writeUInt16LE(0, 10);
  header.writeUInt16LE(time, 12);
  header.writeUInt16LE(date, 14);
  header.writeUInt32LE(entry.crc32 >>> 0, 16);
  header.writeUInt32LE(bigSize ? MAX32 : entry.size, 20);
  header.writeUInt32LE(bigSize ? MAX32 : entry.size, 24);
  header.writeUInt16LE(name.length, 28);
  header.writeUInt16LE(extra.length, 30);
  header.writeUInt16LE(0, 32); // comment
  header.writeUInt16LE(0, 34); // disk
  header.writeUInt16LE(0, 36); // internal attributes
  header.writeUInt32LE((UNIX_FILE_MODE << 16) >>> 0, 38);
  header.writeUInt32LE(bigOffset ? MAX32 : offset, 42);
  return Buffer.concat([header, name, extra]);
}

function endRecords(count: number, cdOffset: number, cdSize: number): Buffer {
  const zip64 = count >= MAX16 || cdOffset >= MAX32 || cdSize >= MAX32;
  const parts: Buffer[] = [];
  if (zip64) {
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeUInt16LE((3 << 8) | 45, 12);
    record.writeUInt16LE(45, 14);
    record.writeUInt32LE(0, 16);
    record.writeUInt32LE(0, 20);
    record.writeBigUInt64LE(BigInt(count), 24);
    record.writeBigUInt64LE(BigInt(count), 32);
    record.writeBigUInt64LE(BigInt(cdSize), 40);
    record.writeBigUInt64LE(BigInt(cdOffset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeUInt32LE(0, 4);
    locator.writeBigUInt64LE(BigInt(cdOffset + cdSize), 8);
    locator.writeUInt32LE(1, 16);
    parts.push(record, locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(0, 4);
  end.writeUInt16LE(0, 6);
  end.writeUInt16LE(Math.min(count, MAX16), 8);
  end.writeUInt16LE(Math.min(count, MAX16), 10);
  end.writeUInt32LE(Math.min(cdSize, MAX32), 12);
  end.writeUInt32LE(Math.min(cdOffset, MAX32), 16);
  end.writeUInt16LE(0, 20);
  parts.push(end);
  return Buffer.concat(parts);
}

export interface StoredZip {
  /** Exact size of the archive in bytes. */
  size: number;
  /** Bytes `start` to `end` inclusive (defaults: the whole archive). */
  read(start?: number, end?: number): AsyncGenerator<Uint8Array>;
}

export function storedZip(entries: readonly ZipEntry[]): StoredZip {
  const segments: Segment[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    if (!Number.isSafeInteger(entry.size) || entry.size < 0) throw new Error(`Bad size for ${entry.name}`);
    const name = Buffer.from(entry.name, 'utf8');
    if (name.length > MAX16) throw new Error('Entry name too long');
    const header = localHeader(entry, name);
    central.push(centralHeader(entry, name, offset));
    segments.push({ kind: 'bytes', bytes: header, offset, length: header.length });
    offset += header.length;
    segments.push({ kind: 'entry', entry, offset, length: entry.size });
    offset += entry.size;
  }
  const directory = Buffer.concat(central);
  const tail = Buffer.concat([directory, endRecords(entries.length, offset, directory.length)]);
  segments.push({ kind: 'bytes', bytes: tail, offset, length: tail.length });
  const size = offset + tail.length;

  /** Index of the first segment that ends after `position`. */
  const firstSegment = (position: number) => {
    let low = 0;
    let high = segments.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      const segment = segments[mid]!;
      if (segment.offset + segment.length <= position) low = mid + 1;
      else high = mid;
    }
    return low;
  };

  return {
    size,
    async *read(start = 0, end = size - 1) {
      if (start < 0 || end >= size || start > end) {
        if (size === 0 || start === end + 1) return;
        throw new RangeError(`Range ${start}-${end} outside 0-${size - 1}`);
      }
      for (let i = firstSegment(start); i < segments.length; i++) {
        const segment = segments[i]!;
        if (segment.offset > end) break;
        if (segment.length === 0) continue;
        const from = Math.max(start, segment.offset) - segment.offset;
        const to = Math.min(end + 1, segment.offset + segment.length) - segment.offset; // exclusive
        if (segment.kind === 'bytes') {
          yield segment.bytes.subarray(from, to);
          continue;
        }
        let sent = 0;
        for await (const chunk of await segment.entry.open(from, to - 1)) {
          const room = to - from - sent;
          const piece = chunk.length > room ? chunk.subarray(0, room) : chunk;
          sent += piece.length;
          if (piece.length) yield piece;
          if (sent === to - from) break;
        }
        // A file that shrank since the layout was made would shift every later byte: fail loudly.
        if (sent !== to - from) throw new Error(`${segment.entry.name} gave ${sent} bytes, expected ${to - from}`);
      }
    },
  };
}
