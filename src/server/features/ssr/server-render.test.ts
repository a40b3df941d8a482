import { describe, expect, it } from 'vitest';
import { DrawnPages } from './server-render';

describe('drawn pages kept', () => {
  it('keeps the most recently used pages within the byte cap', () => {
    const pages = new DrawnPages(800);
    pages.set('a', Buffer.alloc(100));
    pages.set('b', Buffer.alloc(100));
    pages.set('c', Buffer.alloc(100));
    expect(pages.get('a')?.length).toBe(100);
    for (const key of ['d', 'e', 'f', 'g', 'h', 'i']) pages.set(key, Buffer.alloc(100));
    // 900 bytes asked for, 800 allowed: the least recently used ('b', as 'a' was read) goes.
    expect(pages.get('b')).toBeUndefined();
    expect(pages.get('a')).toBeDefined();
    expect(pages.size).toBe(8);
  });

  it('does not keep a page bigger than an eighth of the cap, and replaces a page kept twice', () => {
    const pages = new DrawnPages(800);
    pages.set('big', Buffer.alloc(101));
    expect(pages.get('big')).toBeUndefined();
    pages.set('x', Buffer.alloc(50));
    pages.set('x', Buffer.alloc(60));
    expect(pages.get('x')?.length).toBe(60);
    expect(pages.size).toBe(1);
  });
});
