// The bounds around poppler's pdftotext: each one refuses the file with a 422 naming the limit; a file it
// cannot read at all is a PdftotextFailed (the caller says "damaged"); a machine without it is told what to install.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PDFTOTEXT_LIMITS, PdftotextFailed, pdftotextProblem, runPdftotext } from './pdftotext';

const PDF = readFileSync(join(__dirname, '../../tests/fixtures/scripts/hindi.libreoffice.pdf'));
const ARGS = ['-raw', '-bbox', '-enc', 'UTF-8'];

describe('runPdftotext', () => {
  it('reads a PDF from stdin', async () => {
    expect(await runPdftotext(PDF, ARGS)).toContain('>किनारे</word>');
  });

  it.each([
    ['time', { timeoutMs: 1 }, 'pdf-time-limit', /longer than 0.001 seconds/],
    ['memory', { memoryBytes: 8 * 1024 * 1024 }, 'pdf-memory-limit', /more than 8 MB of memory/],
    ['output', { outputBytes: 1024 }, 'pdf-output-limit', /more than 0 MB of text/],
  ])('refuses a file that breaks the %s bound with a 422 naming it', async (_, limit, reason, message) => {
    const error = await runPdftotext(PDF, ARGS, { ...PDFTOTEXT_LIMITS, ...limit }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 422, details: { reason } });
    expect((error as Error).message).toMatch(message);
  });

  it('fails with PdftotextFailed on a file that is not a PDF', async () => {
    await expect(runPdftotext(Buffer.from('%PDF-1.7\nnot really'), ARGS)).rejects.toBeInstanceOf(PdftotextFailed);
  });
});

describe('pdftotextProblem', () => {
  it('is null where poppler-utils is installed', () => {
    expect(pdftotextProblem()).toBeNull();
  });

  it('names the Debian package to install where pdftotext is missing', () => {
    expect(pdftotextProblem('/nonexistent')).toMatch(/pdftotext is not installed.*poppler-utils/);
  });
});
