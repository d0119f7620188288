import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { certificateSlug, nameSlug, newVerificationCode, normaliseVerificationCode, qrPath } from './codes';
import { familyFor, monthLabel } from './pdf';

describe('certificate codes', () => {
  it('makes verification codes of 12 unambiguous characters, all different', () => {
    const codes = Array.from({ length: 2000 }, newVerificationCode);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('reads a code as people type it', () => {
    expect(normaliseVerificationCode(' ab12 cd34-efgh ')).toBe('AB12-CD34-EFGH');
    expect(normaliseVerificationCode('o0il-1111-2222')).toBe('0011-1111-2222');
  });

  it.each([
    ['Aisha Khan', 'aisha-khan'],
    ['  José  Ñúñez! ', 'josé-ñúñez'],
    ['جلال الدين', 'جلال-الدين'],
    ['अर्जुन मेहता', 'अर्जुन-मेहता'],
    ['!!!', 'poet'],
  ])('starts the slug of %s with %s', (name, start) => {
    expect(nameSlug(name)).toBe(start);
    expect(certificateSlug(name, '2025-06', 'winner')).toMatch(new RegExp(`^${start}-2025-06-winner-[a-z2-9]{6}$`));
  });

  it('draws the QR code of exactly the given address', () => {
    const url = 'https://writory.example/certificate/aisha-khan-2025-06-winner-abc234';
    const { size, path, modules } = qrPath(url);
    const reference = QRCode.create(url, { errorCorrectionLevel: 'M' }).modules;
    expect(size).toBe(reference.size);
    expect(modules.flat().map(Number)).toEqual(Array.from(reference.data));
    // One "M x y h… v1 h-… z" run per horizontal stretch of dark modules.
    const runs = path.match(/M\d+ \d+h(\d+)v1h-\1z/g) ?? [];
    expect(runs.join('')).toBe(path);
    expect(runs.reduce((sum, run) => sum + Number(/h(\d+)/.exec(run)![1]), 0)).toBe(modules.flat().filter(Boolean).length);
  });

  it('picks a font for the script of a name', () => {
    expect(familyFor('Aisha Khan')).toBe('NotoSerif');
    expect(familyFor('Ёлка Πόλη')).toBe('NotoSerif');
    expect(familyFor('جلال الدين')).toBe('NotoNaskhArabic');
    expect(familyFor('अर्जुन')).toBe('NotoSerifDevanagari');
    expect(familyFor('தமிழ்')).toBe('NotoSerifTamil');
    expect(monthLabel('2025-06')).toBe('June 2025');
  });
});
