// Contest entries and judging: the wire shapes of /api/contests*, /api/entries*, /api/judging* and
// /api/admin/entries, and the rules both sides show or enforce.
import type { CompetitionKind, CompetitionRef, Criterion } from './competitions.ts';

/** An author photo with an entry: JPEG, PNG or WebP, at most 2 MB. */
export const ENTRY_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const ENTRY_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const POEM_TYPES = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
} as const;
export type PoemKind = keyof typeof POEM_TYPES;

/** A phone number as the entry form takes it: digits with spaces, brackets or dashes, an optional leading +. */
export const CONTACT_PHONE_PATTERN = /^\+?[0-9 ()-]{6,20}$/;

/** The poet's name as written in the poem's script (an optional field of the entry form): at most this many characters. */
export const NAME_IN_SCRIPT_MAX = 120;

/** The names of languages of India and beyond written in other scripts, as a poet may type them in English. */
const NON_LATIN_LANGUAGES =
  /\b(hindi|bengali|bangla|marathi|tamil|telugu|gujarati|kannada|malayalam|punjabi|panjabi|gurmukhi|odia|oriya|urdu|assamese|arabic|persian|farsi|nepali|sanskrit|maithili|bhojpuri|dogri|kashmiri|sindhi|sinhala|konkani|manipuri|meitei|santali|bodo|russian|ukrainian|greek|hebrew|chinese|mandarin|cantonese|japanese|korean|thai|burmese|khmer|amharic|georgian|armenian|pashto)\b/i;

/**
 * Whether a poem in this language (as the poet typed it, in English or in the language itself) is written in a
 * script other than Latin letters: then the entry form asks for the poet's name in that script too.
 */
export function languageHasOwnScript(language: string): boolean {
  const typed = language.trim();
  // Typed in its own script ("हिन्दी", "தமிழ்", "اردو"): letters that are not Latin.
  if (/\p{L}/u.test(typed) && !/\p{Script=Latin}/u.test(typed)) return true;
  return NON_LATIN_LANGUAGES.test(typed);
}

/** What a poet declares with every entry; each must be ticked. */
export const DECLARATIONS = {
  original: 'This poem is my own original work and has not been published anywhere (print, online or social media).',
  individual: 'I wrote it alone: it is not a joint work.',
  appropriate: 'It contains no hate speech or inappropriate content.',
  final: 'I understand that submissions are final: no edits, no withdrawal.',
} as const;
export type DeclarationKey = keyof typeof DECLARATIONS;
export const DECLARATION_KEYS = Object.keys(DECLARATIONS) as DeclarationKey[];

/**
 * The five poetry criteria (spec §9), each scored 0 to CRITERION_MAX; the total is out of 100. Scores before
 * issue 37 held them in these keys; a score now holds one mark per criterion of its competition (ScoreMark).
 */
export const CRITERIA = {
  structure: 'Structure',
  creativity: 'Creativity',
  language: 'Language',
  emotionalImpact: 'Emotional Impact',
  theme: 'Theme',
} as const;
export type CriterionKey = keyof typeof CRITERIA;
export const CRITERION_KEYS = Object.keys(CRITERIA) as CriterionKey[];
export const CRITERION_MAX = 20;
export const SCORE_COMMENT_MAX = 2000;

/** How per-judge normalisation works, as the rules state it. */
export const NORMALISATION_METHOD =
  'When normalisation is on for a contest, each judge’s totals are turned into z-scores (how far above or below that judge’s own average, in that judge’s standard deviations), the z-scores of an entry’s judges are averaged, and the result is rescaled to the contest’s overall average and spread of totals, kept between 0 and 100. Otherwise an entry’s score is the plain mean of its judges’ totals.';

export type EntryStatus = 'received' | 'in_judging' | 'scored' | 'published';
export const ENTRY_STATUSES: EntryStatus[] = ['received', 'in_judging', 'scored', 'published'];

/** One monthly contest; instants are ISO strings, `timeZone` is the contest time zone they were set in. */
export interface ContestInfo {
  month: string;
  theme: string | null;
  opensAt: string;
  closesAt: string;
  resultsAt: string;
}

/** GET /api/contests/current: the contest open now (if any) and the next one to open. */
export interface CurrentContest {
  timeZone: string;
  now: string;
  current: ContestInfo | null;
  next: ContestInfo | null;
}

/**
 * GET /api/entries/allowance: whether the signed-in poet may enter now, and how many entries are left:
 * the free entries of the month (a site setting) first, then entry credits bought for the month.
 */
export interface EntryAllowance {
  /** The competition asked about (issue 37): its own contest, free entries and entries made. */
  competition?: CompetitionRef;
  contest: ContestInfo | null;
  /** Entries the poet may make this month in all (used + remaining). */
  limit: number;
  used: number;
  remaining: number;
  /** Free entries per poet per month, and how many of them are left. */
  free: number;
  freeLeft: number;
  /** Entry credits bought for this month and not used yet. */
  credits: number;
  /**
   * Null when the poet may enter; otherwise why not, in words for the poet. `no-credits`: nothing left, but
   * entry credits are on sale; `limit`: nothing left and nothing to buy.
   */
  blocker: { code: 'closed' | 'unverified' | 'no-date-of-birth' | 'under-age' | 'limit' | 'no-credits' | 'role'; message: string } | null;
}

/**
 * Something the poet should check before entering, because we could not remove their name from it with
 * certainty: a part of their name standing alone in a line (`line`, 1-based in the previewed text), contact
 * details that are not their own (a phone number, an email address or a social handle, on `line`), pictures,
 * or content we could not read.
 */
export interface EntryPreviewWarning {
  code: 'name-part' | 'contact' | 'images' | 'unreadable';
  message: string;
  line?: number;
}

/** POST /api/entries/preview: the text the judges will read (author names removed). */
export interface EntryPreview {
  kind: PoemKind;
  text: string;
  wordCount: number;
  /** Send back as confirmedTextSha256 with the entry: the server checks it is still the same text. */
  textSha256: string;
  /** How many mentions of the author (name, email, phone) were hidden from judges in this text. */
  redactions: number;
  /** Mentions removed from the parts of the file judges do not read (headers, footers, comments, properties). */
  hiddenRedactions: number;
  /** What the poet should check in their file before entering (empty when nothing). */
  warnings: EntryPreviewWarning[];
}

/** POST /api/entries answer: the receipt. 201 when created, 200 when the same request came again. */
export interface EntryReceipt {
  code: string;
  /** The competition entered (issue 37). */
  competition?: CompetitionRef;
  title: string;
  month: string;
  submittedAt: string;
  resultsAt: string;
}

export interface TimelineStep {
  status: EntryStatus;
  at: string | null;
  done: boolean;
}

/** GET /api/entries/mine: one of the poet's entries (never a score). */
export interface MyEntry {
  code: string;
  /** The competition entered (issue 37); rows from before competitions are poetry's. */
  competition?: CompetitionRef;
  title: string;
  language: string;
  month: string;
  theme: string | null;
  status: EntryStatus;
  submittedAt: string;
  resultsAt: string | null;
  fileName: string;
  hasPhoto: boolean;
  timeline: TimelineStep[];
}

export type CriterionScores = Record<CriterionKey, number>;

/** One mark of a judge's score: a criterion of the entry's competition, the points it is out of, and the points given. */
export interface ScoreMark {
  name: string;
  max: number;
  points: number;
}

export interface JudgeScore {
  /** One per criterion the contest is judged on, in the competition's order. */
  marks: ScoreMark[];
  total: number;
  comment: string | null;
  submittedAt: string;
}

export interface OriginalityMatch {
  kind: 'entry' | 'wall-post';
  similarity: number;
  /** The other entry's code (blind); null for a wall post. */
  code: string | null;
}

/** One line of a judge's queue (blind: no poet anywhere). */
export interface JudgingQueueItem {
  code: string;
  title: string;
  language: string;
  wordCount: number;
  status: EntryStatus;
  originalityFlag: boolean | null;
  judges: number;
  myTotal: number | null;
}

/** GET /api/judging/queue?month=YYYY-MM */
export interface JudgingQueue {
  month: string | null;
  theme: string | null;
  judgesPerEntry: number;
  months: string[];
  mine: { scored: number; left: number };
  entries: JudgingQueueItem[];
  /** The month's judges are being assigned (in the background; the queue fills in as it ends). */
  assigning: boolean;
}

/** GET /api/judging/entries/{code}: what a judge reads. */
export interface JudgingEntry {
  code: string;
  /** The competition entered; `competitionKind` says whether it is a poem or a story. */
  competition: CompetitionRef;
  competitionKind: CompetitionKind;
  /** What the judge scores: the criteria the contest is judged on (fixed once judging starts), names and maxima. */
  criteria: Criterion[];
  month: string;
  theme: string | null;
  title: string;
  language: string;
  text: string;
  wordCount: number;
  kind: PoemKind;
  /** False when the file itself would show the author (the text above is always anonymised). */
  fileAvailable: boolean;
  originality: { flag: boolean | null; matches: OriginalityMatch[] };
  myScore: JudgeScore | null;
  /** Other judges' scores, only once this judge has submitted their own. */
  otherScores: JudgeScore[] | null;
}

/** One judge in the admins' progress view. */
export interface JudgeProgress {
  uid: string;
  name: string;
  email: string;
  /** Entries assigned to this judge (recusals not counted). */
  assigned: number;
  scored: number;
  left: number;
  recused: number;
}

/** One entry's judges in the admins' progress view. */
export interface EntryJudging {
  code: string;
  status: EntryStatus;
  judges: { uid: string; name: string; scored: boolean }[];
  /** Judges still missing to reach the contest's judges per entry. */
  missing: number;
}

export interface Recusal {
  code: string;
  judge: string;
  note: string | null;
  at: string;
}

/** GET /api/judging/progress?month= (admins) */
export interface JudgingProgress {
  month: string | null;
  judgesPerEntry: number;
  entries: number;
  judges: JudgeProgress[];
  underJudged: { code: string; judges: number }[];
  assignments: EntryJudging[];
  recusals: Recusal[];
  /** The month's judges are being assigned (in the background). */
  assigning: boolean;
}

/** The longest private note a judge may give when recusing themselves. */
export const RECUSAL_NOTE_MAX = 500;

/** GET /api/judging/reports/{month}: how a published month was judged (public). */
export interface JudgingReport {
  month: string;
  entries: number;
  judges: number;
  judgesPerEntry: number;
  /** Judges who actually scored an entry, on average. */
  meanJudgesPerEntry: number;
  method: 'mean' | 'normalised';
  methodText: string;
  agreement: { statistic: 'krippendorff-alpha-interval'; value: number | null; meaning: string; pairedEntries: number };
  recusals: number;
  /** The competition's slug, and the criteria its judges scored on (names and the points each is out of). */
  competition: string;
  criteria: Criterion[];
}

/** GET /api/judging/report?month= (admins): the public report and what only admins see. */
export interface AdminJudgingReport extends JudgingReport {
  /** How many judges read (scored) each entry of the contest: the fewest, the median, and entries below the target. */
  judgesRead: { target: number; min: number; median: number; fewer: number };
  judgeDetails: { uid: string; name: string; scored: number; meanTotal: number | null; shared: number; meanDifference: number | null; outlier: boolean }[];
  recusalDetails: Recusal[];
}

/** GET /api/admin/entries?month=: one row of the submission data table. */
export interface AdminEntryRow {
  code: string;
  title: string;
  poetName: string | null;
  poetEmail: string | null;
  contactName: string;
  contactPhone: string;
  country: string;
  language: string;
  status: EntryStatus;
  submittedAt: string;
  wordCount: number;
  originalityFlag: boolean | null;
  judges: number;
  /** Judges' totals, in the order they were submitted. */
  totals: number[];
  meanTotal: number | null;
  normalisedScore: number | null;
  /** The official score: normalised when the contest says so, else the mean. */
  score: number | null;
  hasPhoto: boolean;
}

export interface AdminEntries {
  month: string | null;
  months: string[];
  normaliseScores: boolean;
  judgesPerEntry: number;
  rows: AdminEntryRow[];
}

/** GET /api/admin/contests: the contest months with what admins may change. */
export interface AdminContest extends ContestInfo {
  datesOverridden: boolean;
  /** Null: follows the site setting. */
  normaliseScores: boolean | null;
  entries: number;
}

export interface AdminContests {
  timeZone: string;
  normaliseScoresDefault: boolean;
  contests: AdminContest[];
}

/** Words in a text, in any script (runs of letters, marks and digits; CJK characters count one each). */
export function countWords(text: string): number {
  const cjk = text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/gu)?.length ?? 0;
  const rest = text.replace(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/gu, ' ');
  return cjk + (rest.match(/[\p{L}\p{M}\p{N}]+(?:['’-][\p{L}\p{M}\p{N}]+)*/gu)?.length ?? 0);
}

/** How long a draft is kept after it was last saved (issue 40), and how long before that its poet is told. */
export const DRAFT_KEEP_DAYS = 365;
export const DRAFT_NOTICE_DAYS = 30;
/** Drafts one poet may keep at once. */
export const DRAFTS_MAX = 20;

/** GET /api/entries/drafts: one of the poet's drafts (private: only its poet reads it). */
export interface EntryDraft {
  id: number;
  competition: CompetitionRef;
  title: string | null;
  language: string | null;
  fullName: string | null;
  nameInScript: string | null;
  phone: string | null;
  country: string | null;
  fileName: string;
  fileType: PoemKind;
  wordCount: number;
  savedAt: string;
  /** When it is deleted unless saved again or entered. */
  expiresAt: string;
}
