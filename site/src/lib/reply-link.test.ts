// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { replyLink } from './reply-link';

describe('replyLink', () => {
  it('addresses the sender with "Re:" and quotes the message', () => {
    const link = replyLink({ name: 'Noor', email: 'noor+poems@example.com', subject: 'Two poems?', message: 'Hello\nCan I send two?' });
    const url = new URL(link);
    expect(url.protocol).toBe('mailto:');
    expect(decodeURIComponent(url.pathname)).toBe('noor+poems@example.com');
    expect(url.searchParams.get('subject')).toBe('Re: Two poems?');
    expect(url.searchParams.get('body')).toBe('Dear Noor,\n\n\n\n> Hello\n> Can I send two?');
    expect(link).not.toMatch(/\?.*\+/);
  });
});
