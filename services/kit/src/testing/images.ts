import { crc32 } from 'node:zlib';

/**
 * A PNG whose image data (every IDAT chunk) is overwritten with garbage of the same length under a
 * correct CRC: complete and well-formed on the outside, undecodable inside — what an upload check
 * by content must refuse.
 */
export function corruptPngImageData(source: Buffer): Buffer {
  const out = Buffer.from(source);
  for (let off = 8; off < out.length; ) {
    const len = out.readUInt32BE(off);
    if (out.toString('ascii', off + 4, off + 8) === 'IDAT') {
      for (let i = 0; i < len; i++) out[off + 8 + i] = (i * 37 + 11) & 0xff;
      out.writeUInt32BE(crc32(out.subarray(off + 4, off + 8 + len)), off + 8 + len);
    }
    off += 12 + len;
  }
  return out;
}
