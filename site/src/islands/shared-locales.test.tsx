// The islands and components every area shares, and the poet's own small islands, on Hindi and Arabic pages
// (issue 39): the judging desk, the competition choice, the judge's languages, pagers, form buttons, day fields,
// feedback, reminders and testimonials say everything in the page's language.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { POETRY_CRITERIA, STORY_CRITERIA, type CompetitionSummary, type JudgingQueue } from '@writory/shared';
import { englishIn, showPageIn } from '../test/english-left';
import { $authStatus, $identity } from '../stores/auth';
import { replaceProductUser } from '../stores/product-user';
import { $queue } from '../stores/judging';
import { $remindersOptedOut } from '../stores/reminder-preference';
import { $referralInvite } from '../stores/earnings';

// Nobody signs in or out on their own: the tests say who reads.
vi.mock('../lib/firebase', () => ({
  loadFirebaseAuth: () => new Promise(() => undefined),
  loadedFirebaseAuth: () => null,
  currentIdToken: async () => null,
}));

const competition = (slug: string, name: string, extra: Partial<CompetitionSummary> = {}): CompetitionSummary => ({
  slug,
  name,
  kind: 'poem',
  tagline: 'हर महीने',
  languages: [],
  criteria: POETRY_CRITERIA,
  limits: { maxWords: null, maxBytes: 5 * 1024 * 1024, freeEntriesPerMonth: 1 },
  current: null,
  ...extra,
});
const competitions = [
  competition('poetry', 'कविता'),
  competition('story', 'कहानी', { kind: 'story', criteria: STORY_CRITERIA, limits: { maxWords: 5000, maxBytes: 512 * 1024, freeEntriesPerMonth: 0 } }),
  competition('regional', 'क्षेत्रीय', { languages: ['hi', 'ta', 'ur'] }),
];

// The cms's answers the islands ask for: the competitions and the judge's languages; everything else never answers.
vi.mock('../api/competitions', () => ({
  competitionList: async () => ({ data: competitions }),
  myJudgeLanguages: async () => ({ languages: ['hi', 'ar'] }),
  saveMyJudgeLanguages: () => new Promise(() => undefined),
}));

const { default: JudgingDesk } = await import('./JudgingDesk');
const { default: CompetitionChoice } = await import('../components/entries/CompetitionChoice');
const { default: Pager } = await import('../components/react/Pager');
const { default: FormActions } = await import('../components/react/FormActions');
const { default: DayField } = await import('../components/react/DayField');
const { default: FeedbackForm } = await import('./FeedbackForm');
const { default: ReminderOptOut } = await import('./ReminderOptOut');
const { default: TestimonialCarousel } = await import('./TestimonialCarousel');
const { default: ContactForm } = await import('./ContactForm');
const { default: JoinInvite } = await import('./JoinInvite');

const queue: JudgingQueue = {
  month: '2026-11',
  theme: null,
  judgesPerEntry: 3,
  months: ['2026-11', '2026-10'],
  mine: { scored: 1, left: 2 },
  entries: [{ code: 'WR-1A', title: 'नदी', language: 'hi', wordCount: 120, status: 'received', originalityFlag: true, judges: 1, myTotal: null }],
  assigning: true,
} as JudgingQueue;

function signIn(role: 'poet' | 'judge') {
  $authStatus.set('signed-in');
  $identity.set({ uid: 'u1', email: 'a@writory.local', displayName: null, phoneNumber: null, emailVerified: true, photoURL: null });
  return act(async () => replaceProductUser({ role, isAdmin: false, uid: 'u1', email: 'a@writory.local', name: 'आशा' } as never));
}

beforeEach(() => {
  vi.stubGlobal('fetch', () => new Promise(() => undefined));
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  $authStatus.set('loading');
  await showPageIn('en');
});

describe.each(['hi', 'ar'] as const)('shared islands on a %s page', (lang) => {
  it('the judging desk, with the judge’s languages open', async () => {
    await showPageIn(lang);
    $queue.set({ state: 'ready', data: queue });
    render(<JudgingDesk />);
    await signIn('judge');
    $queue.set({ state: 'ready', data: queue });
    await act(async () => undefined);
    const languages = screen.getByTestId('my-judge-languages') as HTMLDetailsElement;
    languages.open = true;
    await act(async () => fireEvent(languages, new Event('toggle')));
    expect(document.querySelector('label[for="judging-competition"]')?.textContent).toBe(lang === 'hi' ? 'प्रतियोगिता' : 'المسابقة');
    expect(englishIn()).toEqual([]);
  });

  it('the competition choice with each competition’s rules', async () => {
    await showPageIn(lang);
    for (const chosen of ['poetry', 'story', 'regional']) {
      render(<CompetitionChoice competitions={competitions} chosen={chosen} onChoose={() => undefined} />);
      expect(englishIn()).toEqual([]);
      cleanup();
    }
  });

  it('pagers, form buttons and day fields', async () => {
    await showPageIn(lang);
    render(
      <form>
        <Pager pagination={{ page: 2, pageSize: 10, pageCount: 5, total: 48 }} onPage={() => undefined} label="—" />
        <DayField label="—" value="" onChange={() => undefined} example="2026-11-25" />
        <FormActions saveLabel="—" busy={false} onCancel={() => undefined} />
      </form>,
    );
    await act(async () => undefined);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'कल' } });
    fireEvent.blur(screen.getByRole('textbox'));
    expect(englishIn().filter((text) => !/\d{4}/.test(text))).toEqual([]);
  });

  it('feedback and reminders for a signed-in poet, and feedback for a visitor', async () => {
    await showPageIn(lang);
    const { unmount } = render(<FeedbackForm />);
    $authStatus.set('signed-out');
    await act(async () => undefined);
    expect(englishIn()).toEqual([]);
    unmount();
    render(
      <>
        <FeedbackForm />
        <ReminderOptOut />
      </>,
    );
    await signIn('poet');
    $remindersOptedOut.set(false);
    await act(async () => undefined);
    fireEvent.submit(screen.getByTestId('feedback-form').querySelector('form')!);
    expect(screen.getByTestId('reminder-preference')).toBeTruthy();
    expect(englishIn()).toEqual([]);
  });

  it('testimonials, and the note when there are none', async () => {
    await showPageIn(lang);
    render(
      <TestimonialCarousel
        initial={[{ id: 1, name: 'मीरा', quote: 'सुंदर', title: 'कवि', age: 15, location: 'पुणे' } as never, { id: 2, name: 'سلمى', quote: 'جميل' } as never]}
      />,
    );
    expect(englishIn()).toEqual([]);
    cleanup();
    render(<TestimonialCarousel initial={[]} />);
    expect(englishIn()).toEqual([]);
  });

  it('the contact form and an invitation to join', async () => {
    await showPageIn(lang);
    render(
      <>
        <ContactForm />
        <JoinInvite />
      </>,
    );
    await act(async () => undefined);
    $referralInvite.set({ state: 'ready', data: { inviter: 'मीरा' } as never });
    await act(async () => undefined);
    expect(screen.getByTestId('join-invite')).toBeTruthy();
    expect(englishIn()).toEqual([]);
    $referralInvite.set({ state: 'failed', data: null });
    await act(async () => undefined);
    expect(englishIn()).toEqual([]);
  });
});
