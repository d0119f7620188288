import { describe, expect, it } from 'vitest';
import { reminderEmail } from './email-reminder';

const input = { subject: 'The {name} contest closes Sunday', body: 'Dear {name},\n\nThree days left.' };
const url = 'https://writory.test/profile#reminders';

describe('reminderEmail', () => {
  it('keeps the admin’s words and says our footer in the poet’s language', () => {
    const english = reminderEmail(input, { id: 1, email: 'a@writory.test', name: 'Asha' }, url);
    expect(english.subject).toBe('The Asha contest closes Sunday');
    expect(english.text).toContain(`You receive Writory reminders as a Writory poet. To stop them, turn reminders off on your profile: ${url}`);

    const hindi = reminderEmail(input, { id: 2, email: 'b@writory.test', name: 'Ravi', preferredLocale: 'hi' }, url);
    expect(hindi.text.startsWith('Dear Ravi,')).toBe(true);
    expect(hindi.text).toContain(`इन्हें बंद करने के लिए अपनी प्रोफ़ाइल पर याद-दिहानियाँ बंद करें: ${url}`);

    const arabic = reminderEmail(input, { id: 3, email: 'c@writory.test', name: null, preferredLocale: 'ar' }, url);
    expect(arabic.html).toContain('lang="ar" dir="rtl"');
    expect(arabic.html).toContain('أوقف التذكيرات من ملفك الشخصي');
  });
});
