// Properties of the author-name removal, written against its public API only:
// createAnonymiser({ names, emails, phones }).redact(text) → { text, count }.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAnonymiser, REDACTED } from './anonymise';

// Names are drawn from one set of letters and the poems from another, so a poem holds the name only where a test
// puts it. Latin, Cyrillic, Greek and Devanagari letters on both sides.
const NAME_LETTERS = [...'abcdefghijklmабвгдежзαβγδεζकखगघ'];
const TEXT_LETTERS = [...'nopqrstuvwxyzлмнопрстλμνξοπचछजझ'];
const part = fc.array(fc.constantFrom(...NAME_LETTERS), { minLength: 2, maxLength: 7 }).map((letters) => letters.join(''));
const name = fc.array(part, { minLength: 1, maxLength: 3 }).map((parts) => parts.join(' '));
const capitalised = (text: string) =>
  text
    .split(' ')
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');

const word = fc.array(fc.constantFrom(...TEXT_LETTERS), { minLength: 1, maxLength: 8 }).map((letters) => letters.join(''));
const line = fc.array(fc.oneof(word, fc.constantFrom(',', '.', '—', '!', '?', '«', '»', '"')), { maxLength: 10 }).map((words) => words.join(' '));
const poem = fc.array(line, { minLength: 1, maxLength: 8 }).map((lines) => lines.join('\n'));

/** The name in any mix of upper and lower case. */
const anyCase = (text: string) =>
  fc
    .array(fc.boolean(), { minLength: [...text].length, maxLength: [...text].length })
    .map((upper) => [...text].map((ch, i) => (upper[i] ? ch.toUpperCase() : ch.toLowerCase())).join(''));

/** A poem with the name put in as words of its own, somewhere in it. */
const poemWithName = fc.tuple(name, poem).chain(([author, text]) =>
  fc.tuple(fc.constant(author), fc.constant(text), anyCase(author), fc.nat(text.length)).map(([a, t, cased, at]) => {
    // Insert at a word boundary: just before the next space or line break after `at`, or at the end.
    const cut = t.slice(at).search(/[ \n]/);
    const position = cut === -1 ? t.length : at + cut;
    return { author: a, original: t, text: `${t.slice(0, position)} ${cased} ${t.slice(position)}` };
  }),
);

const fold = (text: string) => text.normalize('NFC').toLowerCase();
const lines = (text: string) => text.split('\n').length;

describe('createAnonymiser().redact', () => {
  it('leaves a poem without the name unchanged', () => {
    fc.assert(
      fc.property(name, poem, (author, text) => {
        expect(createAnonymiser({ names: [capitalised(author)], emails: [], phones: [] }).redact(text)).toEqual({ text, count: 0 });
      }),
    );
  });

  it('removes the name wherever it is put, in any letter case', () => {
    fc.assert(
      fc.property(poemWithName, ({ author, text }) => {
        const result = createAnonymiser({ names: [capitalised(author)], emails: [], phones: [] }).redact(text);
        expect(result.count).toBeGreaterThanOrEqual(1);
        // The placeholder holds name letters of its own ("ed" in "removed"), so the check reads around it.
        expect(fold(result.text.replaceAll(REDACTED.name, ''))).not.toContain(fold(author));
      }),
      // A poet called Ed: the shrunk case of a shuffled run that read "ed" in "[name removed]".
      { examples: [[{ author: 'ed', original: '', text: ' ed ' }]] },
    );
  });

  it('changes nothing more when run again (idempotent), and keeps the number of lines', () => {
    const email = fc.tuple(word, word).map(([local, domain]) => `${local}@${domain}.org`);
    const text = fc.tuple(poemWithName, fc.option(email), fc.nat(100)).map(([{ author, text }, mail, at]) => ({
      author,
      text: mail ? `${text.slice(0, at)} ${mail} ${text.slice(at)}` : text,
      mail,
    }));
    fc.assert(
      fc.property(text, ({ author, text, mail }) => {
        const anonymiser = createAnonymiser({ names: [capitalised(author)], emails: mail ? [mail] : [], phones: ['+91 98765 43210'] });
        const once = anonymiser.redact(text);
        expect(lines(once.text)).toBe(lines(text));
        expect(anonymiser.redact(once.text)).toEqual({ text: once.text, count: 0 });
      }),
      // The shrunk case of a CI run: the name, run into the text, began inside the address ("…or[g aa aa]"), and the
      // address's remains read as an address on the second run.
      { examples: [[{ author: 'gaa aa', text: ', , g n@n.org aa aa ', mail: 'n@n.org' }]] },
    );
  });

  it('keeps the number of lines of any text, for any names, and changes nothing it does not count', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'grapheme', maxLength: 20 }), { maxLength: 3 }),
        fc.string({ unit: 'grapheme', maxLength: 200 }),
        (names, text) => {
          const result = createAnonymiser({ names, emails: [], phones: [] }).redact(text);
          expect(lines(result.text)).toBe(lines(text));
          // Nothing counted means nothing changed: a redaction is never silent.
          if (result.count === 0) expect(result.text).toBe(text);
        },
      ),
    );
  });

  it('removes the name when a printer splits its words into pieces (a space or a zero-width character between letters)', () => {
    const longPart = fc.array(fc.constantFrom(...NAME_LETTERS), { minLength: 3, maxLength: 7 }).map((letters) => letters.join(''));
    const longName = fc.array(longPart, { minLength: 1, maxLength: 3 }).map((parts) => parts.join(' '));
    const separator = fc.constantFrom(' ', '\u200b', '\u200c', '\u200d', '\u2060');
    /** The name with a separator put between some of the letters of each word. */
    const split = (author: string) =>
      fc
        .array(fc.option(separator, { nil: '' }), { minLength: author.length, maxLength: author.length })
        .map((cuts) => [...author].map((ch, i) => (i > 0 && ch !== ' ' && author[i - 1] !== ' ' ? cuts[i] : '') + ch).join(''));
    const poemWithSplitName = fc
      .tuple(longName, poem)
      .chain(([author, text]) =>
        fc.tuple(fc.constant(author), fc.constant(text), split(author)).map(([a, t, pieces]) => ({ author: a, text: `${t}\n${pieces} ${t.split('\n')[0]}` })),
      );
    fc.assert(
      fc.property(poemWithSplitName, ({ author, text }) => {
        const result = createAnonymiser({ names: [capitalised(author)], emails: [], phones: [] }).redact(text);
        expect(result.count).toBeGreaterThanOrEqual(1);
        const left = fold(result.text.replaceAll(REDACTED.name, '')).replace(/[\s\u200b-\u200d\u2060]/g, '');
        expect(left).not.toContain(fold(author).replace(/ /g, ''));
      }),
    );
  });
});

describe('a name a printer split into pieces', () => {
  const tamil = createAnonymiser({ names: ['மீரா கிருஷ்ணன்'], emails: [], phones: [] });
  const odia = createAnonymiser({ names: ['ସ୍ମିତା ମହାନ୍ତି'], emails: [], phones: [] });

  it('is removed whole, alone or in a byline, whatever splits it', () => {
    expect(tamil.redact('மீ ரா கிருஷ் ணன்').text).toBe(REDACTED.name);
    expect(tamil.redact('அலைகள் — மீ\u200bரா கிருஷ்ணன் எழுதியது').text).toBe(`அலைகள் — ${REDACTED.name} எழுதியது`);
    expect(odia.redact('— ସ୍ମି ତା ମହାନ୍ତି').text).toBe(REDACTED.name); // a byline goes whole
    // Nastaliq as poppler reads it: the words run together where a letter is split off.
    expect(createAnonymiser({ names: ['عائشہ خان'] }).redact('شام — عائ ش ہخ ان').text).toBe(`شام — ${REDACTED.name}`);
  });

  it('is removed by one part in a byline or a signature line', () => {
    expect(tamil.redact('— மீ ரா').text).toBe(REDACTED.name);
    expect(odia.redact('ସ୍ମି ତା').text).toBe(REDACTED.name);
  });

  it('leaves the poem’s own words alone', () => {
    expect(tamil.redact('மாலை வெயில் நீரில் கரைகிறது,').count).toBe(0);
    expect(odia.redact('ନଦୀ ବହିଯାଏ ଧୀରେ ଧୀରେ,').count).toBe(0);
  });
});
