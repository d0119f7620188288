// How far a month's judges agreed, in bands: Krippendorff's own thresholds (0.8 reliable, 0.667 tentative). The cms
// and the site each say a band in the reader's words.
export type AgreementBand = 'unmeasured' | 'close' | 'mostly' | 'often' | 'below';

export function agreementBand(alpha: number | null): AgreementBand {
  if (alpha === null) return 'unmeasured';
  if (alpha >= 0.8) return 'close';
  if (alpha >= 0.667) return 'mostly';
  if (alpha >= 0) return 'often';
  return 'below';
}
