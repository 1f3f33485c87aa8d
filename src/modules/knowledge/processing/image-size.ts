// Reads an image's pixel size from its header, before anything decodes it: a 2 KB PNG may claim
// 50,000 x 50,000 pixels, which would take 10 GB once decoded.
export type ImageKind = 'png' | 'jpeg' | 'webp' | 'gif' | 'bmp';

export interface ImageSize {
  width: number;
  height: number;
}

export function readImageSize(data: Buffer, kind: ImageKind): ImageSize | null {
  try {
    switch (kind) {
      case 'png':
        // IHDR is always the first chunk.
        return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
      case 'gif':
        return { width: data.readUInt16LE(6), height: data.readUInt16LE(8) };
      case 'bmp':
        return bmpSize(data);
      case 'jpeg':
        return jpegSize(data);
      case 'webp':
        return webpSize(data);
    }
  } catch {
    return null; // header shorter than it claims
  }
}

function bmpSize(data: Buffer): ImageSize {
  const headerSize = data.readUInt32LE(14);
  if (headerSize === 12) return { width: data.readUInt16LE(18), height: data.readUInt16LE(20) };
  // Negative height means top-down rows.
  return { width: Math.abs(data.readInt32LE(18)), height: Math.abs(data.readInt32LE(22)) };
}

/** Walks the marker segments up to the first start-of-frame (SOF0..SOF15 minus DHT, JPG, DAC). */
function jpegSize(data: Buffer): ImageSize | null {
  let offset = 2;
  while (offset + 9 < data.length) {
    if (data[offset] !== 0xff) return null;
    const marker = data[offset + 1]!;
    if (marker === 0xff) {
      offset++; // fill byte
      continue;
    }
    const length = data.readUInt16BE(offset + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { height: data.readUInt16BE(offset + 5), width: data.readUInt16BE(offset + 7) };
    offset += 2 + length;
  }
  return null;
}

function webpSize(data: Buffer): ImageSize | null {
  const chunk = data.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') {
    return { width: data.readUInt16LE(26) & 0x3fff, height: data.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    const bits = data.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    return { width: data.readUIntLE(24, 3) + 1, height: data.readUIntLE(27, 3) + 1 };
  }
  return null;
}
