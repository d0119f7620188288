// The certificates table, owned by the certificate domain: its uid and row type. Other domains issue and read
// certificates through the certificate service (api::certificate.certificate); a poet's page reads which of their
// published results have a winner certificate here.
import type { Core } from '@strapi/strapi';
import type { CertificateKind, WinnerPlace } from '@writory/shared';
import type { RowOf } from '../../lib/rows';

export const CERTIFICATE = 'api::certificate.certificate' as const;

export type CertificateRow = RowOf<typeof CERTIFICATE, { kind: CertificateKind; place: WinnerPlace | null; status: 'valid' | 'replaced' }>;

export function certificateRepository(strapi: Core.Strapi) {
  return {
    /** A poet's valid winner certificates (a replaced one is not listed: its page points to the new one). */
    winnerCertificatesOf: (poetId: number): Promise<Pick<CertificateRow, 'slug' | 'competitionSlug' | 'month' | 'entryId'>[]> =>
      strapi.db.query(CERTIFICATE).findMany({
        where: { poetId, kind: 'winner', status: 'valid' },
        select: ['slug', 'competitionSlug', 'month', 'entryId'],
      }),
  };
}
