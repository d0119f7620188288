import { describe, expect, it } from 'vitest';
import { fileNameFrom, photoProblem, poemProblem } from './entry-files';

const file = (name: string, size: number, type = '') => ({ name, size, type });

describe('poemProblem and photoProblem', () => {
  it.each([
    [file('poem.docx', 1000), null],
    [file('POEM.PDF', 5 * 1024 * 1024), null],
    [file('poem.doc', 1000), 'submit.poemType'],
    [file('poem.exe', 1000), 'submit.poemType'],
    [file('poem.pdf', 5 * 1024 * 1024 + 1), 'submit.poemSize'],
    [file('poem.pdf', 0), 'submit.poemEmpty'],
  ])('poem %j → %s', (picked, problem) => {
    expect(poemProblem(picked)).toBe(problem);
  });

  it.each([
    [file('me.jpg', 1000, 'image/jpeg'), null],
    [file('me.gif', 1000, 'image/gif'), 'submit.photoType'],
    [file('me.png', 2 * 1024 * 1024 + 1, 'image/png'), 'submit.photoSize'],
  ])('photo %j → %s', (picked, problem) => {
    expect(photoProblem(picked)).toBe(problem);
  });
});

describe('fileNameFrom', () => {
  it('prefers the UTF-8 name, then the plain one, then the fallback', () => {
    expect(fileNameFrom(`attachment; filename="a.pdf"; filename*=UTF-8''%D9%82%D8%B5%D9%8A%D8%AF%D8%A9.pdf`, 'x')).toBe('قصيدة.pdf');
    expect(fileNameFrom('attachment; filename="W2611-ABCDE.docx"', 'x')).toBe('W2611-ABCDE.docx');
    expect(fileNameFrom(null, 'fallback.pdf')).toBe('fallback.pdf');
  });
});
