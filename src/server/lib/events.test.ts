import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventHub } from './events';

interface ShopEvents {
  'thing.done': { id: number };
}

const client = new PGlite();
const db = drizzle({ client });
type Tx = Parameters<Parameters<typeof db.transaction>[0]>[0];

async function outboxIds(): Promise<number[]> {
  const { rows } = await client.query<{ id: number }>('select id from outbox order by id');
  return rows.map((row) => row.id);
}

beforeAll(async () => {
  await client.exec('create table outbox (id int primary key)');
});
afterAll(async () => {
  await client.close();
});

describe('EventHub', () => {
  it('records inside the transaction and announces only after it committed', async () => {
    const failures: unknown[] = [];
    const hub = new EventHub<ShopEvents, Tx>((error) => failures.push(error));
    const seenAfter: number[] = [];
    hub.record('thing.done', async (tx, { id }) => {
      await tx.execute(sql`insert into outbox (id) values (${id})`);
    });
    hub.after('thing.done', ({ id }) => {
      seenAfter.push(id);
    });

    const answer = await hub.transaction(db, async (_tx, raise) => {
      await raise('thing.done', { id: 1 });
      expect(seenAfter, 'followers wait for the commit').toEqual([]);
      return 'placed';
    });

    expect(answer).toBe('placed');
    expect(seenAfter).toEqual([1]);
    expect(await outboxIds()).toEqual([1]);
    expect(failures).toEqual([]);
  });

  it('rolls the recorded rows back with the change and announces nothing when the work fails', async () => {
    const hub = new EventHub<ShopEvents, Tx>(() => undefined);
    const announced: number[] = [];
    hub.record('thing.done', async (tx, { id }) => {
      await tx.execute(sql`insert into outbox (id) values (${id})`);
    });
    hub.after('thing.done', ({ id }) => {
      announced.push(id);
    });

    await expect(
      hub.transaction(db, async (_tx, raise) => {
        await raise('thing.done', { id: 2 });
        throw new Error('out of stock');
      }),
    ).rejects.toThrow('out of stock');

    expect(await outboxIds()).not.toContain(2);
    expect(announced).toEqual([]);
  });

  it('fails the change when a recorder fails, and keeps a failing follower away from the announcer', async () => {
    const failures: unknown[] = [];
    const hub = new EventHub<ShopEvents, Tx>((error) => failures.push(error));
    hub.record('thing.done', async (tx, { id }) => {
      await tx.execute(sql`insert into outbox (id) values (${id})`);
    });
    hub.after('thing.done', () => {
      throw new Error('mail server down');
    });
    hub.after('thing.done', async () => {
      throw new Error('sms gateway down');
    });

    await client.exec('insert into outbox (id) values (100)');
    // The recorder's insert breaks the primary key: the change fails with it.
    await expect(hub.transaction(db, async (_tx, raise) => raise('thing.done', { id: 100 }))).rejects.toThrow();
    expect(failures, 'nothing announced for a change that failed').toEqual([]);

    await expect(hub.transaction(db, async (_tx, raise) => raise('thing.done', { id: 3 }))).resolves.toBeUndefined();
    await expect
      .poll(() => failures.map((error) => (error as Error).message).sort())
      .toEqual(['mail server down', 'sms gateway down']);
    expect(await outboxIds()).toEqual(expect.arrayContaining([3, 100]));
  });
});
