import sharp from 'sharp';

/** Rasterise an SVG to PNG (demo and placeholder images; uploads never accept SVG). */
export async function renderSvg(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png().toBuffer();
}
