/**
 * A page compressed once with its end left open, so a few bytes that differ per request can follow it
 * without compressing the page again (at the highest level that takes 100–250 ms, a lower level makes the
 * page about a kilobyte bigger and out of its first TCP flight). The page is compressed up to a flush
 * (brotli BROTLI_OPERATION_FLUSH, deflate Z_SYNC_FLUSH: the stream so far ends on a byte boundary); a
 * request's bytes then follow as stored, uncompressed blocks and the stream is closed by hand:
 *
 * - brotli (RFC 7932, 9.2): uncompressed meta-blocks (ISLAST 0, MNIBBLES 4, MLEN-1, ISUNCOMPRESSED 1,
 *   padding, the bytes), then an empty last meta-block (ISLAST 1, ISLASTEMPTY 1).
 * - gzip (RFC 1951 3.2.4, RFC 1952): a final stored block (BFINAL 1, BTYPE 00, LEN, NLEN, the bytes), then
 *   the CRC-32 of all the data and its length.
 */
import { promisify } from "node:util";
import { brotliCompress, constants, crc32, gzip } from "node:zlib";

export interface OpenStream {
  /** The compressed stream up to the flush. */
  head: Buffer;
  /** gzip only: CRC-32 and length of what `head` holds. */
  crc: number;
  length: number;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Largest stored block: brotli with four nibbles of length allows 65,536, deflate 65,535 bytes. */
const STORED_BLOCK_MAX = 65_535;

export async function openBrotli(data: Buffer): Promise<OpenStream> {
  const head = await brotli(data, {
    finishFlush: constants.BROTLI_OPERATION_FLUSH,
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  return { head, crc: 0, length: data.length };
}

export async function openGzip(data: Buffer): Promise<OpenStream> {
  const head = await gzipAsync(data, { level: constants.Z_BEST_COMPRESSION, finishFlush: constants.Z_SYNC_FLUSH });
  return { head, crc: crc32(data), length: data.length };
}

/** The open brotli stream followed by `tail`, stored, and closed. */
export function closeBrotli(open: OpenStream, tail: Buffer): Buffer {
  const parts: Buffer[] = [open.head];
  for (let start = 0; start < tail.length; start += STORED_BLOCK_MAX) {
    const block = tail.subarray(start, start + STORED_BLOCK_MAX);
    // Bit 0 ISLAST = 0, bits 1-2 MNIBBLES = 0 (four nibbles), bits 3-18 MLEN - 1, bit 19 ISUNCOMPRESSED = 1.
    const header = ((block.length - 1) << 3) | (1 << 19);
    parts.push(Buffer.from([header & 0xff, (header >> 8) & 0xff, (header >> 16) & 0xff]), block);
  }
  // ISLAST = 1, ISLASTEMPTY = 1.
  parts.push(Buffer.from([0b11]));
  return Buffer.concat(parts);
}

/** The open gzip stream followed by `tail`, stored, and closed with the trailer. */
export function closeGzip(open: OpenStream, tail: Buffer): Buffer {
  const parts: Buffer[] = [open.head];
  let start = 0;
  do {
    const block = tail.subarray(start, start + STORED_BLOCK_MAX);
    start += STORED_BLOCK_MAX;
    const final = start >= tail.length ? 1 : 0;
    const header = Buffer.alloc(5);
    header[0] = final; // BFINAL, BTYPE 00 (stored), padding
    header.writeUInt16LE(block.length, 1);
    header.writeUInt16LE(~block.length & 0xffff, 3);
    parts.push(header, block);
  } while (start < tail.length);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(tail, open.crc) >>> 0, 0);
  trailer.writeUInt32LE((open.length + tail.length) % 2 ** 32, 4);
  parts.push(trailer);
  return Buffer.concat(parts);
}
