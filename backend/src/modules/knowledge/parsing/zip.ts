import { inflateRawSync } from 'node:zlib';
import { DocumentParseError } from './parsing.types';

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

/** A DOCX never holds this much once unzipped; a zip bomb does (the default upload limit is 20 MB). */
export const MAX_UNZIPPED_BYTES = 100 * 1024 * 1024;
/** Past this size an entry may not grow more than this many times: XML compresses ~10-30×, a bomb ~1000×. */
export const MAX_RATIO = 200;
const RATIO_FREE_BYTES = 1024 * 1024;
export const MAX_ENTRIES = 5000;

const bombError = () =>
  new DocumentParseError('El archivo DOCX ocupa demasiado al descomprimirlo (parece una bomba zip); no se ha procesado.');
const corruptZip = () => new DocumentParseError('El archivo DOCX está dañado o incompleto: no se puede abrir.');

/** The entries named in the zip's central directory (no data is decompressed). Throws on a broken directory. */
export function listZipEntries(bytes: Uint8Array): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // End of central directory: 22 bytes plus a comment of at most 65535.
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65535); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw corruptZip();
  const count = view.getUint16(eocd + 10, true);
  const dirOffset = view.getUint32(eocd + 16, true);
  if (count > MAX_ENTRIES) throw bombError();
  const entries: ZipEntry[] = [];
  let at = dirOffset;
  const decoder = new TextDecoder();
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) throw corruptZip();
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    entries.push({
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      uncompressedSize: view.getUint32(at + 24, true),
      localHeaderOffset: view.getUint32(at + 42, true),
      name: decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * Refuses a zip bomb before any library unzips it: the sizes the directory declares are checked, and
 * then every entry is really inflated with a hard output cap (a bomb can lie about its sizes), so
 * nothing ever grows past MAX_UNZIPPED_BYTES in memory.
 */
export function assertSafeZip(bytes: Uint8Array): void {
  const entries = listZipEntries(bytes);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let declared = 0;
  for (const e of entries) {
    declared += e.uncompressedSize;
    if (declared > MAX_UNZIPPED_BYTES) throw bombError();
    if (e.uncompressedSize > RATIO_FREE_BYTES && e.uncompressedSize > e.compressedSize * MAX_RATIO) throw bombError();
  }
  let budget = MAX_UNZIPPED_BYTES;
  for (const e of entries) {
    const at = e.localHeaderOffset;
    if (at + 30 > bytes.length || view.getUint32(at, true) !== 0x04034b50) throw corruptZip();
    const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
    const data = bytes.subarray(start, start + e.compressedSize);
    let size: number;
    if (e.method === 0) size = data.length;
    else if (e.method === 8) {
      try {
        size = inflateRawSync(data, { maxOutputLength: Math.max(1, budget) }).length;
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) throw bombError();
        throw corruptZip();
      }
    } else throw corruptZip();
    budget -= size;
    if (budget < 0) throw bombError();
    if (size > RATIO_FREE_BYTES && size > Math.max(1, e.compressedSize) * MAX_RATIO) throw bombError();
  }
}
