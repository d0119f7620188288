import { describe, expect, it } from 'vitest';
import { actionLink, authEmail } from './auth-mail';

describe('Writory’s account emails', () => {
  it.each([
    ['verifyEmail', 'Confirm your email address for Writory', 'Confirm my email address', 'for 3 days'],
    ['resetPassword', 'Choose a new Writory password', 'Choose a new password', 'for 1 hour'],
  ] as const)('%s: names Writory, says what to do and how long the link works, in text and HTML', (kind, subject, action, lifetime) => {
    const link = actionLink(kind, 'CODE-1', 'https://writory.example');
    expect(link).toBe(`https://writory.example/__/auth/action?mode=${kind}&oobCode=CODE-1`);
    const mail = authEmail(kind, link, 'Asha');
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain('Hello Asha,');
    expect(mail.text).toContain(link);
    expect(mail.text).toContain(lifetime);
    expect(mail.text).toContain('— Writory');
    expect(mail.html).toContain(`>${action}</a>`);
    expect(mail.html).toContain(`href="${link.replace('&', '&#38;')}"`);
    expect(mail.html).toContain(lifetime);
  });

  it('greets a poet without a name, and never lets a name write HTML', () => {
    expect(authEmail('verifyEmail', 'https://w.example/x', null).text).toContain('Hello poet,');
    const html = authEmail('resetPassword', 'https://w.example/x', '<img src=x onerror=alert(1)>').html;
    expect(html).not.toContain('<img');
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;');
  });
});
