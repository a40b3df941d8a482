import { existsSync } from 'node:fs';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems } from '../../db/schema';
import { startS3Peer, type S3Peer } from '../../test/s3-peer';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { insertOrderOf, insertProducts } from '../products/test/fixtures';
import { jpeg, jpg, multipart, png } from './test/images';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const nameOf = (url: string) => url.split('/').pop()!;
const stemOf = (url: string) => nameOf(url).replace('.webp', '');
const filesOf = (url: string) => [nameOf(url), `${stemOf(url)}-400.webp`, `${stemOf(url)}-800.webp`];

function bucketClient(peer: S3Peer) {
  const { settings } = peer;
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: true,
    credentials: settings.credentials,
  });
  const key = (file: string) => (settings.prefix ? `${settings.prefix}/${file}` : file);
  return {
    client,
    async keys(): Promise<string[]> {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: peer.bucket }));
      return (listed.Contents ?? []).map((o) => o.Key!).sort();
    },
    async get(file: string) {
      const object = await client.send(new GetObjectCommand({ Bucket: peer.bucket, Key: key(file) }));
      return {
        bytes: Buffer.from(await object.Body!.transformToByteArray()),
        contentType: object.ContentType,
        cacheControl: object.CacheControl,
      };
    },
    exists: (file: string) =>
      client.send(new HeadObjectCommand({ Bucket: peer.bucket, Key: key(file) })).then(
        () => true,
        (error) => (error.$metadata?.httpStatusCode === 404 ? false : Promise.reject(error)),
      ),
  };
}

describe('product images in S3-compatible object storage', () => {
  let peer: S3Peer;
  let bucket: ReturnType<typeof bucketClient>;
  let t: TestApp;
  let admin: Record<string, string>;

  beforeAll(async () => {
    peer = await startS3Peer({ prefix: 'shop/images' });
    bucket = bucketClient(peer);
    t = await createTestApp({ storage: peer.settings });
    admin = (await createUser(t, { isAdmin: true })).auth;
  });
  afterAll(async () => {
    await t?.close();
    bucket?.client.destroy();
    await peer?.close();
  });

  const upload = async (image: Buffer) => {
    const body = multipart([jpg(image)]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: body.payload,
      headers: { ...body.headers, ...admin },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().imageUrl as string;
  };

  it('puts the re-encoded image and its 400/800 px variants in the bucket under the prefix, as WebP cached for a year', async () => {
    const before = await bucket.keys();
    const url = await upload(await jpeg(1200, 900));
    expect(url).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    const added = (await bucket.keys()).filter((k) => !before.includes(k));
    expect(added).toEqual(
      filesOf(url)
        .map((f) => `shop/images/${f}`)
        .sort(),
    );
    for (const [file, width] of [
      [nameOf(url), 1200],
      [`${stemOf(url)}-400.webp`, 400],
      [`${stemOf(url)}-800.webp`, 800],
    ] as const) {
      const object = await bucket.get(file);
      expect(object.contentType).toBe('image/webp');
      expect(object.cacheControl).toBe(IMMUTABLE);
      const meta = await sharp(object.bytes).metadata();
      expect([meta.format, meta.width, meta.exif]).toEqual(['webp', width, undefined]);
    }
    expect(existsSync(path.join(t.dataDir, 'uploads'))).toBe(false);
  });

  it('streams each file at /uploads with its bytes, type, year-long cache and ETag; 304 on a matching If-None-Match; HEAD', async () => {
    const url = await upload(await jpeg(900, 600));
    for (const file of filesOf(url)) {
      const res = await t.app.inject({ method: 'GET', url: `/uploads/${file}` });
      expect(res.statusCode, file).toBe(200);
      expect(res.rawPayload.equals((await bucket.get(file)).bytes), file).toBe(true);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
      const etag = res.headers.etag as string;
      expect(etag).toMatch(/^"[^"]+"$/);

      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const again = await t.app.inject({
          method: 'GET',
          url: `/uploads/${file}`,
          headers: { 'if-none-match': ifNoneMatch },
        });
        expect(again.statusCode, ifNoneMatch).toBe(304);
        expect(again.rawPayload.length).toBe(0);
        expect(again.headers.etag).toBe(etag);
        expect(again.headers['cache-control']).toBe(IMMUTABLE);
      }
      const changed = await t.app.inject({
        method: 'GET',
        url: `/uploads/${file}`,
        headers: { 'if-none-match': '"stale"' },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.rawPayload.equals(res.rawPayload)).toBe(true);

      const head = await t.app.inject({ method: 'HEAD', url: `/uploads/${file}` });
      expect(head.statusCode).toBe(200);
      expect(head.rawPayload.length).toBe(0);
      expect(head.headers).toMatchObject({
        'content-type': 'image/webp',
        'cache-control': IMMUTABLE,
        etag,
        'content-length': String(res.rawPayload.length),
      });
    }
  });

  it('answers a JSON 404 for unknown and malformed names, and for folders', async () => {
    const missing = `${'c'.repeat(32)}.webp`;
    for (const url of [
      `/uploads/${missing}`,
      `/uploads/${'c'.repeat(32)}-400.webp`,
      `/uploads/${'c'.repeat(32)}-500.webp`,
      `/uploads/${'C'.repeat(32)}.webp`,
      '/uploads/jwt-secret',
      '/uploads/..%2F..%2Fpackage.json',
      '/uploads/',
      '/uploads',
      '/uploads/a/b.webp',
    ]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await t.app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['content-type'], `${method} ${url}`).toMatch(/application\/json/);
        if (method === 'GET') expect(res.json().message, url).toBeTruthy();
      }
    }
    const revalidate = await t.app.inject({
      method: 'GET',
      url: `/uploads/${missing}`,
      headers: { 'if-none-match': '*' },
    });
    expect(revalidate.statusCode).toBe(404);
    // A NUL is refused for every route's input before any route looks at the name.
    const nul = await t.app.inject({ method: 'GET', url: `/uploads/${missing}%00` });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toMatch(/NUL/);
  });

  it('deletes an image with every variant from the bucket; then /uploads and a second delete answer 404', async () => {
    const url = await upload(await jpeg(800, 800));
    const del = await t.app.inject({ method: 'DELETE', url: `/api/upload/${nameOf(url)}`, headers: admin });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ message: 'Image deleted' });
    for (const file of filesOf(url)) {
      expect(await bucket.exists(file), file).toBe(false);
      expect((await t.app.inject({ method: 'GET', url: `/uploads/${file}` })).statusCode).toBe(404);
    }
    const again = await t.app.inject({ method: 'DELETE', url: `/api/upload/${nameOf(url)}`, headers: admin });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Image not found' });
    const variant = await t.app.inject({
      method: 'DELETE',
      url: `/api/upload/${stemOf(url)}-400.webp`,
      headers: admin,
    });
    expect(variant.statusCode).toBe(400);
    expect(variant.json()).toEqual({ message: 'Invalid file name' });
  });

  it('stores nothing when one image of a multiple upload is bad', async () => {
    const before = await bucket.keys();
    const body = multipart([
      { field: 'images', filename: 'a.png', type: 'image/png', data: await png() },
      jpg((await jpeg(800, 600)).subarray(0, 3000), 'images'),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload/multiple',
      payload: body.payload,
      headers: { ...body.headers, ...admin },
    });
    expect(res.statusCode).toBe(415);
    expect(await bucket.keys()).toEqual(before);
  });

  it('keeps the objects of an image a past order still shows when its product goes, and removes an unshared one', async () => {
    const ordered = await upload(await jpeg(640, 480));
    const unshared = await upload(await jpeg(500, 500));
    const [row] = await insertProducts(t, [{ images: [ordered, unshared], mainImage: ordered }]);
    const { item } = await insertOrderOf(t, null, row.id);
    await t.app.db.update(orderItems).set({ image: ordered }).where(eq(orderItems.id, item.id));

    const res = await t.app.inject({ method: 'DELETE', url: `/api/products/${row.id}`, headers: admin });
    expect(res.statusCode).toBe(200);
    for (const file of filesOf(ordered)) expect(await bucket.exists(file), file).toBe(true);
    for (const file of filesOf(unshared)) expect(await bucket.exists(file), file).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: ordered })).statusCode).toBe(200);
  });

  it('shows an image uploaded through one instance on another instance with the same storage settings', async () => {
    const other = await createTestApp({ storage: peer.settings });
    try {
      const url = await upload(await jpeg(700, 500));
      const onA = await t.app.inject({ method: 'GET', url });
      const onB = await other.app.inject({ method: 'GET', url });
      expect(onB.statusCode).toBe(200);
      expect(onB.rawPayload.equals(onA.rawPayload)).toBe(true);
      expect(onB.headers.etag).toBe(onA.headers.etag);

      const otherAdmin = (await createUser(other, { isAdmin: true })).auth;
      const del = await other.app.inject({ method: 'DELETE', url: `/api/upload/${nameOf(url)}`, headers: otherAdmin });
      expect(del.statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});

describe('object storage that stops answering', () => {
  let peer: S3Peer;
  let t: TestApp;
  let admin: Record<string, string>;
  let url: string;

  beforeAll(async () => {
    peer = await startS3Peer();
    t = await createTestApp({ storage: peer.settings });
    admin = (await createUser(t, { isAdmin: true })).auth;
    const body = multipart([jpg(await png(120, 80))]);
    url = (
      await t.app.inject({
        method: 'POST',
        url: '/api/upload',
        payload: body.payload,
        headers: { ...body.headers, ...admin },
      })
    ).json().imageUrl;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    await peer.close();
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  it('answers 503 with a message, never 500, for reads, revalidations, uploads and deletes', async () => {
    const requests = [
      t.app.inject({ method: 'GET', url }),
      t.app.inject({ method: 'HEAD', url }),
      t.app.inject({ method: 'GET', url, headers: { 'if-none-match': '"x"' } }),
      t.app.inject({ method: 'DELETE', url: `/api/upload/${nameOf(url)}`, headers: admin }),
      (async () => {
        const body = multipart([jpg(await png(60, 60))]);
        return t.app.inject({
          method: 'POST',
          url: '/api/upload',
          payload: body.payload,
          headers: { ...body.headers, ...admin },
        });
      })(),
    ];
    for (const res of await Promise.all(requests)) {
      expect(res.statusCode, `${res.body}`).toBe(503);
      if (res.body)
        expect(res.json()).toEqual({
          message: 'Image storage is unavailable at the moment. Please try again shortly.',
        });
    }
  });
});
