import { describe, expect, it } from 'vitest';
import { actionLink, authEmail } from './auth-mail';

describe('Writory’s account emails', () => {
  it.each([
    ['verifyEmail', 'Confirm your email address for Writory', 'Confirm my email address', 'for 3 days'],
    ['resetPassword', 'Choose a new Writory password', 'Choose a new password', 'for 1 hour'],
  ] as const)('%s: names Writory, says what to do and how long the link works, in text and HTML', (kind, subject, action, lifetime) => {
    const link = actionLink(kind, 'CODE-1', 'https://writory.example');
    expect(link).toBe(`https://writory.example/__/auth/action?mode=${kind}&oobCode=CODE-1`);
    const mail = authEmail(kind, link);
    expect(mail.subject).toBe(subject);
    expect(mail.text.split('\n')[0]).toBe('Hello,');
    expect(mail.text).toContain(link);
    expect(mail.text).toContain(lifetime);
    expect(mail.text).toContain('— Writory');
    expect(mail.html).toContain(`>${action}</a>`);
    expect(mail.html).toContain(`href="${link.replace('&', '&#38;')}"`);
    expect(mail.html).toContain(lifetime);
  });

  it('names the mail’s language in its link, so the action page goes on in that language (issue 39)', () => {
    expect(actionLink('verifyEmail', 'CODE-1', 'https://writory.example', 'hi')).toBe(
      'https://writory.example/__/auth/action?mode=verifyEmail&oobCode=CODE-1&lang=hi',
    );
    expect(actionLink('resetPassword', 'CODE-2', 'https://writory.example', 'ar')).toBe(
      'https://writory.example/__/auth/action?mode=resetPassword&oobCode=CODE-2&lang=ar',
    );
    expect(actionLink('verifyEmail', 'CODE-3', 'https://writory.example', 'en')).toBe('https://writory.example/__/auth/action?mode=verifyEmail&oobCode=CODE-3');
  });

  it('holds nothing a person chose: the mail goes to an address whoever signed up with may not own', () => {
    // authEmail takes no name at all; the only outside text is the link, and it is escaped.
    expect(authEmail.length).toBe(2);
    const { html } = authEmail('resetPassword', 'https://w.example/x?a="><img src=x>');
    expect(html).not.toContain('<img');
  });
});
