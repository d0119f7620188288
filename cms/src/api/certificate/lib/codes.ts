// Certificate slugs, verification codes and QR codes. Pure, so they are unit-tested.
import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';

// Crockford's base32 without I, L, O, U: nothing to misread when typing a code from paper.
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function randomText(length: number, alphabet: string): string {
  return Array.from(randomBytes(length), (byte) => alphabet[byte % alphabet.length]).join('');
}

/** 60 random bits as XXXX-XXXX-XXXX. */
export const newVerificationCode = () => randomText(12, CROCKFORD).replace(/(.{4})(?=.)/g, '$1-');

/** What a person typed (any case, spaces, O for 0, I/L for 1) as a stored code. */
export function normaliseVerificationCode(input: string): string {
  const plain = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return plain.replace(/(.{4})(?=.)/g, '$1-');
}

/** The poet's name as the start of a URL path segment, in any script ("Aisha Khan" → "aisha-khan"). */
export function nameSlug(name: string): string {
  const slug = name
    .normalize('NFKC')
    .toLocaleLowerCase('und')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return [...slug].slice(0, 48).join('').replace(/-+$/, '') || 'poet';
}

/** e.g. "aisha-khan-2025-06-winner-k3f9q2": starts with the name, unguessable by its random end. */
export const certificateSlug = (name: string, month: string, kind: string) =>
  `${nameSlug(name)}-${month}-${kind}-${randomText(6, 'abcdefghijkmnpqrstuvwxyz23456789')}`;

/** The QR code of a URL as one SVG path on a size × size grid of modules (quiet zone not included). */
export function qrPath(url: string): { size: number; path: string; modules: boolean[][] } {
  const qr = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const modules: boolean[][] = [];
  let path = '';
  for (let y = 0; y < size; y++) {
    const row: boolean[] = [];
    for (let x = 0; x < size; x++) row.push(Boolean(qr.modules.get(y, x)));
    modules.push(row);
    for (let x = 0; x < size; ) {
      if (!row[x]) {
        x++;
        continue;
      }
      let end = x;
      while (end < size && row[end]) end++;
      path += `M${x} ${y}h${end - x}v1h-${end - x}z`;
      x = end;
    }
  }
  return { size, path, modules };
}
