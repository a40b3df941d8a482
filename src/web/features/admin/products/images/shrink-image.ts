import { SHRINK_QUALITY, shouldSendEncoded, shrinkPlan, type SourceImage } from './shrink-plan';

function canvasToBlob(canvas: HTMLCanvasElement, type: string): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, SHRINK_QUALITY));
}

/** WebP where the browser can write it (it silently writes PNG otherwise), else JPEG. */
async function encode(canvas: HTMLCanvasElement): Promise<Blob | null> {
  const webp = await canvasToBlob(canvas, 'image/webp');
  if (webp?.type === 'image/webp') return webp;
  return canvasToBlob(canvas, 'image/jpeg');
}

function renamed(blob: Blob, original: File): File {
  const extension = blob.type === 'image/webp' ? 'webp' : 'jpg';
  const base = original.name.replace(/\.[^.]*$/, '') || 'image';
  return new File([blob], `${base}.${extension}`, { type: blob.type });
}

/**
 * Scales a picture down in the browser (long side at most 1600 px) before it is sent. Anything that
 * cannot be decoded here goes up as it is, for the server to accept or refuse with its own message.
 */
export async function shrinkImage(file: File): Promise<File> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  try {
    const source: SourceImage = { width: bitmap.width, height: bitmap.height, bytes: file.size, type: file.type };
    const plan = shrinkPlan(source);
    if (plan.action === 'keep') return file;
    const canvas = document.createElement('canvas');
    canvas.width = plan.width;
    canvas.height = plan.height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, plan.width, plan.height);
    const blob = await encode(canvas);
    if (!blob || !shouldSendEncoded(plan, source, blob.size)) return file;
    return renamed(blob, file);
  } finally {
    bitmap.close();
  }
}
