// A poem whose PDF cannot be read exactly is not handed to judges as a guessed text: a PDF that does not spell out
// its letters (its fonts have no ToUnicode map) or one set in Nastaliq (its letters step down the line, and no reader
// puts them back into words exactly); poem-file.ts finds both by their fonts. Judges read a note and open the pages themselves, with the poet's name
// truly removed: MuPDF redacts (deletes the text, images and drawings under) the top and bottom band of every page,
// where running headers and footers put a name, an email or a page number, and every line whose guessed letters
// may show the author (a mention, or a piece of a word of their name or email); the redacted pages are rendered
// to images and judges get a PDF of those images only (lib/mupdf-pages.ts). "Check the text" tells the poet which
// lines could not be read, which are covered, and to send the .docx.
import type { EntryPreviewWarning } from '@writory/shared';
import { MUPDF_LIMITS, mupdfErrors, redactPdfPages, type MupdfLimits, type PageArea } from '../../../lib/mupdf-pages';
import type { Anonymiser } from './anonymise';
import type { JudgeCopy } from './judge-copy';
import type { PageLayout } from './pdf-text';
import type { ExtractedPoem } from './poem-file';

/** What judges read of a poem shown as pages. */
export const PAGES_NOTE =
  'This poem is shown as pages: the text of its PDF could not be read exactly. Open the entry’s file to read it (the poet’s name is taken out of the pages).';

/** Why the text could not be read, as the poet is told. */
const WHY: Record<NonNullable<ExtractedPoem['asPages']>['reason'], string> = {
  unspelled: 'Your PDF does not spell out its letters (its fonts do not say which letter each shape is)',
  nastaliq: 'Your PDF sets its words in Nastaliq (its font steps each word’s letters down the line, and we cannot put them back into words exactly)',
};

/** The top and bottom of every page, this part of its height each, are covered: running headers and footers. */
export const MARGIN_BAND = 0.08;
/** A covered line's area reaches this many points above and below its box (accents, a guessed box a little off). */
const LINE_PAD = 2;

/** "3, 5 and 7" (at most 10 numbers, then "and more"). */
const listed = (numbers: number[]) =>
  numbers.length > 10
    ? `${numbers.slice(0, 10).join(', ')} and more`
    : numbers.length === 1
      ? `${numbers[0]}`
      : `${numbers.slice(0, -1).join(', ')} and ${numbers[numbers.length - 1]}`;

/** The areas judges must not see, and the 0-based indexes (over all pages' lines) of the lines they cover. */
export function coveredAreas(layout: PageLayout[], anonymiser: Anonymiser): { areas: PageArea[]; lines: number[] } {
  const areas: PageArea[] = [];
  const lines: number[] = [];
  let index = 0;
  layout.forEach((page, number) => {
    const band = page.height * MARGIN_BAND;
    areas.push(
      { page: number, x0: 0, top: 0, x1: page.width, bottom: band },
      { page: number, x0: 0, top: page.height - band, x1: page.width, bottom: page.height },
    );
    for (const line of page.lines) {
      const inBand = line.top < band || line.bottom > page.height - band;
      if (inBand || anonymiser.mayShowAuthor(line.text)) {
        lines.push(index);
        // The whole width: where a guessed line's letters really end is not known.
        if (!inBand)
          areas.push({ page: number, x0: 0, top: Math.max(0, line.top - LINE_PAD), x1: page.width, bottom: Math.min(page.height, line.bottom + LINE_PAD) });
      }
      index++;
    }
  });
  return { areas, lines };
}

/** What judges read of a poem shown as pages, what the poet is told, and the areas taken out of the pages. */
export function pagesView(
  anonymiser: Anonymiser,
  poem: ExtractedPoem & { asPages: NonNullable<ExtractedPoem['asPages']> },
  limits: MupdfLimits = MUPDF_LIMITS,
) {
  const { layout } = poem.asPages;
  if (layout.length > limits.maxPages) throw mupdfErrors.pages(limits);
  const covered = coveredAreas(layout, anonymiser);
  // Lines counted as a reader counts them on the pages: every line of text, blank lines not counted.
  const numbers = layout.flatMap((page) => page.lines).map((_, index) => index + 1);
  const coveredNumbers = covered.lines.map((index) => index + 1);
  const coveredNote = coveredNumbers.length
    ? ` ${coveredNumbers.length === 1 ? `Line ${coveredNumbers[0]}` : `Lines ${listed(coveredNumbers)}`}, at the top or bottom of a page or maybe showing your name, ${coveredNumbers.length === 1 ? 'is' : 'are'} covered.`
    : '';
  const warnings: EntryPreviewWarning[] = [
    {
      code: 'unreadable',
      line: numbers[0],
      message: `${WHY[poem.asPages.reason]}, so we could not read ${numbers.length === 1 ? `line ${numbers[0]}` : `lines ${listed(numbers)}`} of it exactly (counting the lines of text on its pages). Judges will not read it: they will see the pages of your PDF, with the top and bottom of every page (headers and footers) and every line that may show your name covered.${coveredNote} If that covers part of your poem, or your name is elsewhere on the pages, upload your poem as a Word (.docx) file instead: we read those exactly.`,
    },
  ];
  return { text: PAGES_NOTE, count: covered.lines.length, hiddenCount: anonymiser.findWithParts(poem.hiddenText).length, warnings, areas: covered.areas };
}

/** The judges' copy of a poem shown as pages: its pages as images, the areas redacted before rendering. */
export async function pagesCopy(bytes: Buffer, areas: PageArea[], limits: MupdfLimits = MUPDF_LIMITS): Promise<JudgeCopy> {
  return { kind: 'pdf', bytes: await redactPdfPages(bytes, areas, 'pages', limits), plain: false };
}
