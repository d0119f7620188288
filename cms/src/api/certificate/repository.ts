// The certificates table, owned by the certificate domain: its uid and row type. Other domains issue and read
// certificates through the certificate service (api::certificate.certificate).
import type { CertificateKind, WinnerPlace } from '@writory/shared';
import type { RowOf } from '../../lib/rows';

export const CERTIFICATE = 'api::certificate.certificate' as const;

export type CertificateRow = RowOf<typeof CERTIFICATE, { kind: CertificateKind; place: WinnerPlace | null; status: 'valid' | 'replaced' }>;
