import { crc32, deflateSync } from 'node:zlib';

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

/** A solid-colour RGB PNG built by hand, for suites without an image library (a listing needs a photo to publish). */
export function solidPng(width: number, height: number, rgb: readonly [number, number, number] = [0xb5, 0x65, 0x1d]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from(rgb))]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}
