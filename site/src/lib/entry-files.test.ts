// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { photoProblem, poemProblem } from './entry-files';

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
