import { describe, expect, it } from 'vitest';
import { afterCursor, decodeCursor, encodeCursor, pageOfKeys } from './cursor';

describe('wall cursors', () => {
  const last = { id: 42, likes: 7, approvedAt: 1_764_000_000_123 };

  it.each(['newest', 'most-liked'] as const)('reads back what it wrote for %s', (sort) => {
    const cursor = encodeCursor(sort, last);
    expect(cursor).toMatch(/^[a-z0-9.]+$/);
    expect(decodeCursor(sort, cursor)).toMatchObject({ sort, id: 42, approvedAt: last.approvedAt, ...(sort === 'most-liked' ? { likes: 7 } : {}) });
  });

  it.each([
    ['', /is not a page key/],
    ['n.1.0', /is not a page key/],
    ['n.-1.4', /is not a page key/],
    ['n.1.4.5', /is not a page key/],
    ['l.1.2', /is not a page key/],
    ['x.1.2', /is not a page key/],
    ['n.1.2 ', /is not a page key/],
    ['l.1.2.3', /belongs to the most-liked order, not newest/],
  ])('refuses %j with a 400 naming the cursor', (cursor, message) => {
    expect(() => decodeCursor('newest', cursor)).toThrow(expect.objectContaining({ status: 400, message: expect.stringMatching(message) }));
  });

  it('continues below the last post: same time needs a lower id; most-liked first by fewer likes', () => {
    const at = new Date(last.approvedAt);
    expect(afterCursor({ sort: 'newest', approvedAt: last.approvedAt, id: 42 })).toEqual({
      approvedAt: { $lte: at },
      $or: [{ approvedAt: { $lt: at } }, { approvedAt: at, id: { $lt: 42 } }],
    });
    expect(afterCursor({ sort: 'most-liked', likes: 7, approvedAt: last.approvedAt, id: 42 })).toEqual({
      likesCount: { $lte: 7 },
      $or: [{ likesCount: { $lt: 7 } }, { approvedAt: { $lt: at } }, { approvedAt: at, id: { $lt: 42 } }],
    });
  });

  describe('a page among posts known by their keys (a search with few matches)', () => {
    const posts = [
      { id: 1, approvedAt: 300, likes: 0 },
      { id: 2, approvedAt: 100, likes: 5 },
      { id: 3, approvedAt: 300, likes: 5 },
      { id: 4, approvedAt: 200, likes: 1 },
    ];

    it('orders them as the index does, and pages after a cursor or an offset', () => {
      expect(pageOfKeys(posts, 'newest', { limit: 10 })).toEqual([3, 1, 4, 2]);
      expect(pageOfKeys(posts, 'most-liked', { limit: 10 })).toEqual([3, 2, 4, 1]);
      expect(pageOfKeys(posts, 'newest', { limit: 2, offset: 1 })).toEqual([1, 4]);
      expect(pageOfKeys(posts, 'newest', { limit: 2, cursor: decodeCursor('newest', encodeCursor('newest', posts[2])) })).toEqual([1, 4]);
      expect(pageOfKeys(posts, 'most-liked', { limit: 5, cursor: decodeCursor('most-liked', encodeCursor('most-liked', posts[2])) })).toEqual([2, 4, 1]);
      expect(pageOfKeys(posts, 'newest', { limit: 5, cursor: decodeCursor('newest', encodeCursor('newest', posts[1])) })).toEqual([]);
    });

    it('pages after a cursor whose post is gone, from where it stood', () => {
      const gone = { id: 9, approvedAt: 250, likes: 0 };
      expect(pageOfKeys(posts, 'newest', { limit: 5, cursor: decodeCursor('newest', encodeCursor('newest', gone)) })).toEqual([4, 2]);
    });
  });
});
