/** Width and height from a WebP (lossy VP8, lossless VP8L or extended VP8X) or a JPEG header. */
export function imageSize(data: Buffer): { format: 'webp' | 'jpeg'; width: number; height: number } {
  if (data.toString('ascii', 0, 4) === 'RIFF' && data.toString('ascii', 8, 12) === 'WEBP') {
    const chunk = data.toString('ascii', 12, 16)
    if (chunk === 'VP8 ') return { format: 'webp', width: data.readUInt16LE(26) & 0x3fff, height: data.readUInt16LE(28) & 0x3fff }
    if (chunk === 'VP8L') {
      const bits = data.readUInt32LE(21)
      return { format: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 }
    }
    if (chunk === 'VP8X') return { format: 'webp', width: data.readUIntLE(24, 3) + 1, height: data.readUIntLE(27, 3) + 1 }
    throw new Error(`Unknown WebP chunk ${chunk}`)
  }
  if (data[0] === 0xff && data[1] === 0xd8) {
    let offset = 2
    while (offset < data.length) {
      if (data[offset] !== 0xff) throw new Error('Broken JPEG: expected a marker')
      const marker = data[offset + 1]!
      // Start-of-frame markers (baseline, progressive...), not DHT (C4), JPG (C8) or DAC (CC).
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
        return { format: 'jpeg', height: data.readUInt16BE(offset + 5), width: data.readUInt16BE(offset + 7) }
      }
      offset += 2 + data.readUInt16BE(offset + 2)
    }
    throw new Error('Broken JPEG: no frame header')
  }
  throw new Error('Neither WebP nor JPEG')
}
