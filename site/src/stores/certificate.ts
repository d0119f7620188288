// The certificate open on /certificate/{slug}: anyone with the link may see it.
import { atom } from 'nanostores';
import type { CertificateView } from '@writory/shared';
import { certificateBySlug } from '../api/results';

export const $certificate = atom<CertificateView | null>(null);

/** Loads the certificate; an unknown slug is thrown. */
export async function loadCertificate(slug: string): Promise<CertificateView> {
  const view = await certificateBySlug(slug);
  $certificate.set(view);
  return view;
}
