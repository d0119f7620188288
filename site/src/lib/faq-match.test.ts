// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Faq } from '@writory/shared';
import { createFaqMatcher, matchFaq, tokenize } from './faq-match';

// The demo FAQ the cms seeds (cms/src/seed/demo/demo-content.ts), as editors would write it.
const entries: [string, string][] = [
  ['When are results announced?', 'results date announced winners score when 30th'],
  ['When can I submit a poem?', 'deadline submit open close window dates 25th'],
  ['Which file formats are accepted?', 'format file docx pdf size 5 mb upload'],
  ['How are poems judged?', 'judging criteria score marks blind judges'],
  ['Can I write in my own language?', 'language hindi arabic tamil script translation words limit'],
  ['How old do I need to be?', 'age minimum old young 13 eligibility'],
  ['Can I edit or withdraw my entry?', 'edit change withdraw delete revise final'],
  ['What do winners receive?', 'prize rewards win gift certificate'],
];
const FAQS: Faq[] = entries.map(([question, keywords], i) => ({ id: `faq-${i}`, question, answer: `Answer to: ${question}`, keywords }));

describe('matchFaq', () => {
  it.each([
    ['when are results?', 'When are results announced?'],
    ['When are the results announced', 'When are results announced?'],
    ['WHEN ARE RESULTS OUT!!!', 'When are results announced?'],
    ['resluts date', 'When are results announced?'],
    ['what is the deadline?', 'When can I submit a poem?'],
    ['when can I submit my poem', 'When can I submit a poem?'],
    ['can I upload a pdf?', 'Which file formats are accepted?'],
    ['which formats do you accept', 'Which file formats are accepted?'],
    ['docx', 'Which file formats are accepted?'],
    ['how are poems judged', 'How are poems judged?'],
    ['what are the judging criteria', 'How are poems judged?'],
    ['Can I write in Hindi?', 'Can I write in my own language?'],
    ['other languages', 'Can I write in my own language?'],
    ['how old do I have to be', 'How old do I need to be?'],
    ['minimum age', 'How old do I need to be?'],
    ['can I edit my entry?', 'Can I edit or withdraw my entry?'],
    ['withdraw', 'Can I edit or withdraw my entry?'],
    ['what do winners get?', 'What do winners receive?'],
    ['what are the prizes', 'What do winners receive?'],
  ])('%j → %j', (question, expected) => {
    expect(matchFaq(FAQS, question)?.question).toBe(expected);
  });

  it.each(['how do I bake bread', 'what is the weather like in Paris', 'asdfghjkl', 'hello', '', '???', 'what is it'])('%j → no answer', (question) => {
    expect(matchFaq(FAQS, question)).toBeNull();
  });

  it('has no answer when editors have published no FAQ', () => {
    expect(matchFaq([], 'when are results?')).toBeNull();
  });

  it('reports how much of the question the entry covers', () => {
    const match = createFaqMatcher(FAQS)('results date');
    expect(match?.faq.id).toBe('faq-0');
    expect(match?.coverage).toBeGreaterThan(0.8);
  });
});

describe('tokenize', () => {
  it('drops punctuation, stopwords and plurals, and keeps any script', () => {
    expect(tokenize('When are the prizes announced?')).toEqual(['prize', 'announced']);
    expect(tokenize('कविता की भाषा?')).toEqual(['कविता', 'की', 'भाषा']);
    expect(tokenize("What's the deadline, please?")).toEqual(['deadline']);
  });
});
