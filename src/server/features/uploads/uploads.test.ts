import { existsSync, readdirSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { jpeg, jpegWithExif, jpg, multipart, png, webp } from './test/images';

describe('image uploads', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let customer: Record<string, string>;
  let uploadsDir: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await createUser(t, { isAdmin: true })).auth;
    customer = (await createUser(t)).auth;
    uploadsDir = path.join(t.dataDir, 'uploads');
  });
  afterAll(() => t.close());

  const upload = (url: string, body: ReturnType<typeof multipart>, auth = admin) =>
    t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...auth } });
  const nameOf = (url: string) => url.split('/').pop()!;
  const filesOnDisk = () => readdirSync(uploadsDir).sort();

  it('re-encodes a JPEG to WebP with 400/800 px variants and strips EXIF and GPS', async () => {
    const input = await jpegWithExif(1200, 900);
    expect((await sharp(input).metadata()).exif).toBeDefined(); // the test input really carries EXIF
    const res = await upload('/api/upload', multipart([jpg(input)]));
    expect(res.statusCode).toBe(201);
    const { message, imageUrl } = res.json();
    expect(message).toBe('Image uploaded');
    expect(imageUrl).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);

    const stem = nameOf(imageUrl).replace('.webp', '');
    const files = filesOnDisk().filter((f) => f.startsWith(stem));
    expect(files).toEqual([`${stem}-400.webp`, `${stem}-800.webp`, `${stem}.webp`]);

    const main = await t.app.inject({ method: 'GET', url: imageUrl });
    expect(main.statusCode).toBe(200);
    expect(main.headers['content-type']).toBe('image/webp');
    expect(main.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(main.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([1200, 900]);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(main.rawPayload.includes('Secret Person')).toBe(false);
    expect(main.rawPayload.includes('EXIF')).toBe(false);

    for (const w of [400, 800]) {
      const variant = await t.app.inject({ method: 'GET', url: imageUrl.replace('.webp', `-${w}.webp`) });
      expect(variant.statusCode).toBe(200);
      const vm = await sharp(variant.rawPayload).metadata();
      expect(vm.width).toBe(w);
      expect(vm.height).toBe((w * 3) / 4);
      expect(vm.exif).toBeUndefined();
    }
  });

  it('caps a 4000x3000 photo to 1600 px on the long side', async () => {
    const res = await upload('/api/upload', multipart([jpg(await jpeg(4000, 3000))]));
    expect(res.statusCode).toBe(201);
    const got = await t.app.inject({ method: 'GET', url: res.json().imageUrl });
    const meta = await sharp(got.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1600, 1200]);
  });

  it('keeps a tall narrow image within the cap and never makes a variant wider than the original', async () => {
    const res = await upload('/api/upload', multipart([jpg(await jpeg(600, 3000))]));
    expect(res.statusCode).toBe(201);
    const url = res.json().imageUrl as string;
    const main = await sharp((await t.app.inject({ method: 'GET', url })).rawPayload).metadata();
    expect([main.width, main.height]).toEqual([320, 1600]);
    const v800 = await sharp(
      (await t.app.inject({ method: 'GET', url: url.replace('.webp', '-800.webp') })).rawPayload,
    ).metadata();
    expect(v800.width).toBe(320);
  });

  it('accepts PNG and WebP, several at once, in the field "images"', async () => {
    const body = multipart([
      { field: 'images', filename: 'a.png', type: 'image/png', data: await png() },
      { field: 'images', filename: 'b.webp', type: 'image/webp', data: await webp() },
      { field: 'note', value: 'ignored text field' },
      jpg(await jpegWithExif(800, 600), 'images'),
    ]);
    const res = await upload('/api/upload/multiple', body);
    expect(res.statusCode).toBe(201);
    const { message, imageUrls } = res.json();
    expect(message).toBe('Images uploaded');
    expect(imageUrls).toHaveLength(3);
    for (const url of imageUrls) {
      expect(existsSync(path.join(uploadsDir, nameOf(url)))).toBe(true);
      expect(existsSync(path.join(uploadsDir, nameOf(url).replace('.webp', '-400.webp')))).toBe(true);
    }
    const pngMeta = await sharp((await t.app.inject({ method: 'GET', url: imageUrls[0] })).rawPayload).metadata();
    expect([pngMeta.format, pngMeta.width, pngMeta.height, pngMeta.hasAlpha]).toEqual(['webp', 300, 200, true]);
  });

  it('refuses files that are not JPEG, PNG or WebP by content, whatever their name', async () => {
    const fake = jpg(Buffer.from('this is just text pretending to be a photo\n'.repeat(20)));
    const res = await upload('/api/upload', multipart([fake]));
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Only JPEG, PNG or WebP images are accepted');

    const gif = {
      field: 'image',
      filename: 'x.gif',
      type: 'image/gif',
      data: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'),
    };
    expect((await upload('/api/upload', multipart([gif]))).statusCode).toBe(415);
  });

  it('refuses corrupt or truncated JPEGs with valid magic bytes (415, never 500)', async () => {
    const good = await jpeg(1000, 800);
    const before = filesOnDisk();
    const truncated = await upload('/api/upload', multipart([jpg(good.subarray(0, Math.floor(good.length / 2)))]));
    expect(truncated.statusCode).toBe(415);
    expect(truncated.json().message).toMatch(/not a readable/);

    const garbage = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 0x41)]);
    const res = await upload('/api/upload', multipart([jpg(garbage)]));
    expect(res.statusCode).toBe(415);
    expect(filesOnDisk()).toEqual(before);
  });

  it('stores nothing when one image of a multiple upload is bad', async () => {
    const before = filesOnDisk();
    const good = await png();
    const corrupt = (await jpeg(800, 600)).subarray(0, 3000);
    const res = await upload(
      '/api/upload/multiple',
      multipart([{ field: 'images', filename: 'a.png', type: 'image/png', data: good }, jpg(corrupt, 'images')]),
    );
    expect(res.statusCode).toBe(415);
    expect(filesOnDisk()).toEqual(before);
  });

  it('answers 413 for a file over 10 MB', async () => {
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(11 * 1024 * 1024, 7)]);
    const res = await upload('/api/upload', multipart([jpg(big)]));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'File too large (at most 10 MB)' });
  });

  it('answers 413 for more than 4 files, and 400 for two files on the single route', async () => {
    const small = await png(40, 40);
    const five = Array.from({ length: 5 }, (_, i) => ({
      field: 'images',
      filename: `${i}.png`,
      type: 'image/png',
      data: small,
    }));
    const res = await upload('/api/upload/multiple', multipart(five));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Too many files (at most 4 per upload)');

    const two = multipart([jpg(small), jpg(small)]);
    const single = await upload('/api/upload', two);
    expect(single.statusCode).toBe(400);
    expect(single.json().message).toMatch(/one image/);
  });

  it('answers 400 "No file provided" without a file, and for a file in the wrong field', async () => {
    for (const body of [multipart([{ field: 'note', value: 'hello' }]), multipart([])]) {
      const res = await upload('/api/upload', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('No file provided');
    }
    const emptyBrowserPart = multipart([
      { field: 'images', filename: '', type: 'application/octet-stream', data: Buffer.alloc(0) },
    ]);
    expect((await upload('/api/upload/multiple', emptyBrowserPart)).json().message).toBe('No file provided');

    const wrong = await upload('/api/upload', multipart([jpg(await png(), 'photo')]));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/field "image"/);
  });

  it('answers a clear 4xx for bodies that are not (well-formed) multipart', async () => {
    const json = await t.app.inject({ method: 'POST', url: '/api/upload', headers: admin, payload: { image: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toMatch(/multipart\/form-data/);

    const text = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...admin, 'content-type': 'text/plain' },
      payload: 'hi',
    });
    expect(text.statusCode).toBe(415);

    const noBoundary = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...admin, 'content-type': 'multipart/form-data' },
      payload: 'abc',
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json().message).toBeTruthy();

    const body = multipart([jpg(await png())]);
    const cut = await upload('/api/upload', { ...body, payload: body.payload.subarray(0, body.payload.length - 40) });
    expect(cut.statusCode).toBeGreaterThanOrEqual(400);
    expect(cut.statusCode).toBeLessThan(500);
  });

  it('is for admins only (401 anonymous, 403 customer)', async () => {
    const body = multipart([jpg(await png())]);
    expect((await upload('/api/upload', body, {})).statusCode).toBe(401);
    expect((await upload('/api/upload/multiple', body, customer)).statusCode).toBe(403);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/upload/${'a'.repeat(32)}.webp`, headers: customer });
    expect(del.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/upload/${'a'.repeat(32)}.webp` })).statusCode).toBe(401);
  });

  it('deletes an image with its variants; then it is 404 at /uploads and on a second delete', async () => {
    const res = await upload('/api/upload', multipart([jpg(await jpeg(900, 900))]));
    const url = res.json().imageUrl as string;
    const name = nameOf(url);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/upload/${name}`, headers: admin });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ message: 'Image deleted' });
    expect(filesOnDisk().some((f) => f.startsWith(name.replace('.webp', '')))).toBe(false);

    for (const u of [url, url.replace('.webp', '-400.webp'), url.replace('.webp', '-800.webp')]) {
      const got = await t.app.inject({ method: 'GET', url: u });
      expect(got.statusCode).toBe(404);
      expect(got.json().message).toMatch(/Not found/);
    }
    const again = await t.app.inject({ method: 'DELETE', url: `/api/upload/${name}`, headers: admin });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Image not found' });
  });

  it('refuses every name the store did not make (path tricks, other extensions) with 400', async () => {
    const victim = (await upload('/api/upload', multipart([jpg(await png())]))).json().imageUrl as string;
    const tricks = [
      '..%2F..%2Fjwt-secret',
      '%2e%2e%2f%2e%2e%2fjwt-secret',
      `${'a'.repeat(32)}.png`,
      `${'A'.repeat(32)}.webp`,
      `${nameOf(victim).replace('.webp', '-400.webp')}`,
      `${nameOf(victim)}%00.png`,
      'jwt-secret',
    ];
    for (const trick of tricks) {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/upload/${trick}`, headers: admin });
      expect(res.statusCode, trick).toBe(400);
      // A NUL is refused for every route's input before the route looks at the name.
      expect(res.json().message, trick).toMatch(trick.includes('%00') ? /must not contain NUL/ : /^Invalid file name$/);
    }
    expect((await t.app.inject({ method: 'GET', url: victim })).statusCode).toBe(200);
  });

  it('refuses dot segments sent raw over HTTP (inject would normalise them away)', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    for (const raw of ['%2e%2e', '..', '.%2E', '%2E%2E%2Fjwt-secret', '../jwt-secret', '../../../package.json']) {
      const status = await new Promise<number>((resolve, reject) => {
        const req = request(
          { host: '127.0.0.1', port, method: 'DELETE', path: `/api/upload/${raw}`, headers: admin },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end();
      });
      expect(status, raw).toBe(400);
    }
  });

  it('serves no directory listing, no dot files and a JSON 404 for unknown files', async () => {
    for (const url of ['/uploads/', '/uploads', `/uploads/${'b'.repeat(32)}.webp`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
    }
    // A path that climbs out of /uploads is resolved before routing; whatever answers, it is not the file.
    for (const url of ['/uploads/../package.json', '/uploads/%2e%2e/package.json']) {
      const climbed = await t.app.inject({ method: 'GET', url });
      expect(climbed.statusCode, url).toBe(404);
      expect(climbed.body, url).not.toContain('"dependencies"');
    }
  });
});
