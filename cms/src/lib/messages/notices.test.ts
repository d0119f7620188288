// The bell's notices through the catalogue (issue 39): English as poets always read it, Hindi and Arabic for those
// who chose them, months and days in the reader's words.
import { describe, expect, it } from 'vitest';
import { COMMENT_NOTICES } from '../../api/comment/messages';
import { msg, say } from './index';
import { competitionTitleMessage, publicationLabelMessage } from './labels';

const november = publicationLabelMessage({ slug: 'poetry', name: 'Poetry' }, '2026-11');
const storyNovember = publicationLabelMessage({ slug: 'story', name: 'Story' }, '2026-11');

describe('notices in the recipient’s words', () => {
  it('keeps the English of a score notice, and says the month in Hindi and Arabic', () => {
    const scored = msg('notice.scoredAbove', { score: 87.5, label: november, percentile: 60 });
    expect(say(scored, 'en')).toBe(
      'You scored 87.5/100 in the November 2026 contest, higher than 60% of this month’s entries. Your score card has each criterion and the judges’ comments.',
    );
    expect(say(scored, 'hi')).toContain('नवंबर 2026 की प्रतियोगिता में आपको 100 में से 87.5 अंक मिले');
    expect(say(scored, 'ar')).toContain('في مسابقة نوفمبر 2026');
    expect(say(msg('notice.resultsOutTitle', { label: storyNovember }), 'en')).toBe('Story — November 2026 results are out');
  });

  it('keeps the English of an entry’s receipt notice', () => {
    const received = msg('notice.received', { title: 'Rain', competition: competitionTitleMessage('Poetry'), month: '2026-11', code: 'WR-1' });
    expect(say(received, 'en')).toBe('“Rain” is entered in the Writory Poetry Competition, November 2026. Your entry code is WR-1.');
    expect(say(received, 'hi')).toBe('“Rain” Writory Poetry प्रतियोगिता, नवंबर 2026 में दर्ज हो गई है। आपका प्रविष्टि कोड WR-1 है।');
    expect(say(received, 'ar')).toBe('دخلت «Rain» في مسابقة Poetry من Writory، نوفمبر 2026. رمز مشاركتك هو WR-1.');
  });

  it('says a comment notice with the moderator’s reason in each language', () => {
    const hidden = COMMENT_NOTICES['comment.hidden']({ id: 3, title: 'Rain' }, 'Off topic.');
    expect(say(hidden.message, 'en')).toBe('A moderator took down your comment on “Rain”. Reason: Off topic.');
    expect(say(hidden.message, 'hi')).toBe('एक मॉडरेटर ने “Rain” पर आपकी टिप्पणी हटा दी। कारण: Off topic.');
    expect(say(hidden.message, 'ar')).toBe('أزال أحد المشرفين تعليقك على «Rain». السبب: Off topic.');
    expect(say(COMMENT_NOTICES['comment.new-on-your-poem']({ id: 3, title: 'Rain' }, 9, true).title, 'en')).toBe('New critique on your poem');
  });

  it('counts credits with each language’s plural forms', () => {
    const received = (count: number, locale: 'en' | 'ar') =>
      say(msg('notice.paymentReceived', { count, competition: competitionTitleMessage('Poetry'), month: '2026-11', code: 'W-1' }), locale);
    expect(received(1, 'en')).toBe('1 entry credit for the Poetry Competition, November 2026, is yours (order W-1).');
    expect(received(3, 'en')).toBe('3 entry credits for the Poetry Competition, November 2026, are yours (order W-1).');
    expect(received(2, 'ar')).toContain('رصيدا مشاركة');
    expect(received(3, 'ar')).toContain('3 أرصدة مشاركة');
  });

  it('writes a draft’s deletion day as each language writes a date', () => {
    const soon = (locale: 'en' | 'hi' | 'ar') => say(msg('notice.draftSoon', { title: 'Rain', on: '2027-03-31T09:00:00.000Z' }), locale);
    expect(soon('en')).toBe(
      'Your draft “Rain” has not been saved for almost a year: it will be deleted on 31 March 2027. Enter it or save it again to keep it.',
    );
    expect(soon('hi')).toContain('31 मार्च 2027');
    expect(soon('ar')).toContain('31 مارس 2027');
  });
});
