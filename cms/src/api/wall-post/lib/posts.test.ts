import { describe, expect, it } from 'vitest';
import { WALL_DECISIONS, WALL_STATUSES } from '@writory/shared';
import { DECISIONS, decisionNotice, decisionRefusal, excerptOf, poetOf } from './posts';
import { say } from '../../../lib/messages';

describe('excerptOf', () => {
  it('keeps a short poem whole', () => {
    expect(excerptOf('one\n  two\n\nthree')).toEqual({ excerpt: 'one\n  two\n\nthree', truncated: false });
  });

  it('keeps the first lines of a long poem', () => {
    const text = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n');
    expect(excerptOf(text, 12)).toEqual({ excerpt: text.split('\n').slice(0, 12).join('\n'), truncated: true });
  });

  it('cuts long lines at a line break when there is one late enough, never inside a character', () => {
    expect(excerptOf(`${'a'.repeat(40)}\n${'b'.repeat(100)}`, 12, 60)).toEqual({ excerpt: 'a'.repeat(40), truncated: true });
    const emoji = '🌙'.repeat(10);
    expect(excerptOf(emoji, 12, 5)).toEqual({ excerpt: '🌙'.repeat(5), truncated: true });
  });
});

describe('poetOf', () => {
  it('shows the name, or a neutral one; never anything else', () => {
    expect(poetOf({ poet: { id: 1, name: ' Asha ', profilePicture: { url: '/uploads/a.webp' } } })).toEqual({
      name: 'Asha',
      pictureUrl: '/uploads/a.webp',
      handle: null,
    });
    expect(poetOf({ poet: { id: 1, name: null } })).toEqual({ name: 'A Writory poet', pictureUrl: null, handle: null });
    expect(poetOf({ poet: null })).toEqual({ name: 'A Writory poet', pictureUrl: null, handle: null });
    expect(poetOf({ poet: { id: 1, name: 'Asha', handle: 'asha' } })).toEqual({ name: 'Asha', pictureUrl: null, handle: 'asha' });
  });
});

describe('decisions', () => {
  const table = WALL_DECISIONS.flatMap((action) => WALL_STATUSES.map((status) => [action, status] as const));

  it.each(table)('%s on a %s post', (action, status) => {
    const allowed = DECISIONS[action].from.includes(status);
    expect(decisionRefusal(action, status, 1) === null).toBe(allowed);
  });

  it('dismisses only open reports', () => {
    expect(say(decisionRefusal('dismiss', 'approved', 0)!, 'en')).toBe('This poem has no open reports to dismiss.');
    expect(say(decisionRefusal('hide', 'pending')!, 'en')).toBe(
      'This poem is waiting for a moderator; "hide" applies only to a poem that is already on the wall or held after reports.',
    );
    expect(say(decisionRefusal('hide', 'pending')!, 'ar')).toBe(
      'هذه القصيدة بانتظار مشرف؛ و"hide" لا ينطبق إلا على قصيدة على الجدار بالفعل أو محجوزة بعد بلاغات.',
    );
    expect(decisionRefusal('dismiss', 'approved', 2)).toBeNull();
  });

  it('names the state in a refusal', () => {
    expect(say(decisionRefusal('approve', 'approved')!, 'en')).toBe(
      'This poem is already on the wall; "approve" applies only to a poem that is waiting for a moderator or rejected.',
    );
  });

  it('tells the poet about approvals, rejections, hiding and restoring, with the reason', () => {
    const post = { id: 7, title: 'Rain' };
    expect(decisionNotice(post, 'pending', 'approved', null)).toMatchObject({ title: 'Your poem is on the Writory Wall', link: '/writory-wall/post?id=7' });
    expect(decisionNotice(post, 'held', 'approved', null)).toMatchObject({ title: 'Your poem is back on the Writory Wall' });
    expect(decisionNotice(post, 'pending', 'rejected', 'Too short.')?.message).toBe('A moderator did not approve “Rain”. Reason: Too short.');
    expect(decisionNotice(post, 'approved', 'hidden', 'Copied.')?.message).toBe('A moderator took “Rain” off the Writory Wall. Reason: Copied.');
    expect(decisionNotice(post, 'approved', 'held', null)).toBeNull();
    expect(decisionNotice(post, 'approved', 'approved', null)).toBeNull();
  });
});
