import type { Core } from '@strapi/strapi';
import {
  DEFAULT_COMPETITION,
  withoutBidiControls,
  type CertificateKind,
  type CertificateListItem,
  type CertificateView,
  type CompetitionRef,
  type WinnerPlace,
} from '@writory/shared';
import { ApiError } from '../../../lib/api-error';
import { bulkInsert } from '../../../lib/bulk';
import { certificatePdf } from '../lib/pdf';
import { certificateSlug, newVerificationCode, normaliseVerificationCode, qrPath } from '../lib/codes';
import { poetNameOf } from '../../../lib/poet-name';
import { resultRepository } from '../../result/repository';
import { winnerRepository } from '../../winner/repository';
import { CERTIFICATE, type CertificateRow } from '../repository';
import { userRepository } from '../../user/repository';
import { siteUrl } from '../../../lib/site-url';
import { getService } from '../../../services';
import { msg } from '../../../lib/messages';

/** Who a certificate is for and what it says. */
interface NewCertificate {
  kind: CertificateKind;
  competitionSlug: string;
  month: string;
  poetId: number;
  entryId: number | null;
  name: string;
  place: WinnerPlace | null;
  title: string | null;
}

const notFound = () => new ApiError(404, msg('certificate.notFound'), {}, 'NotFoundError');

/** Where /certificate/{slug} lives on the public site (the QR code opens it). */
export const certificateUrl = (slug: string) => `${siteUrl()}/certificate/${encodeURIComponent(slug)}`;

function toView(
  row: Pick<CertificateRow, 'slug' | 'kind' | 'name' | 'month' | 'place' | 'title' | 'verificationCode' | 'issuedAt' | 'status' | 'replacedBy'>,
  competition: CompetitionRef,
): CertificateView {
  const url = certificateUrl(row.slug);
  const { size, path } = qrPath(url);
  return {
    slug: row.slug,
    competition,
    kind: row.kind,
    name: row.name,
    month: row.month,
    place: row.place ?? null,
    title: row.title ?? null,
    verificationCode: row.verificationCode,
    issuedAt: new Date(row.issuedAt).toISOString(),
    status: row.status,
    replacedBy: row.replacedBy ?? null,
    url,
    qr: { size, path },
  };
}

const listItem = (row: CertificateRow, competition: CompetitionRef): CertificateListItem => ({
  slug: row.slug,
  competition,
  kind: row.kind,
  name: row.name,
  month: row.month,
  place: row.place ?? null,
  verificationCode: row.verificationCode,
  issuedAt: new Date(row.issuedAt).toISOString(),
  status: row.status,
});

/**
 * Certificates: one participation certificate per poet with a published score in a month, one winner certificate
 * per winning entry. Each has a public page /certificate/{slug} (the slug starts with the poet's name), a PDF, a
 * verification code and a QR code of its page. Re-issuing replaces one (e.g. after a name change): the old page
 * then says it was replaced and links the new one.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const certificates = () => strapi.db.query(CERTIFICATE);
  const slugOf = (row: { competitionSlug?: string | null }) => row.competitionSlug ?? DEFAULT_COMPETITION;

  /** The competitions these rows name, as { slug, name } (a gone competition by its slug). */
  async function refsOf(rows: { competitionSlug?: string | null }[]): Promise<(row: { competitionSlug?: string | null }) => CompetitionRef> {
    const refs = await getService(strapi, 'api::competition.competition').refs([...new Set(rows.map(slugOf))]);
    return (row) => refs.get(slugOf(row)) ?? { slug: slugOf(row), name: slugOf(row) };
  }
  const viewOf = async (row: CertificateRow) => toView(row, (await refsOf([row]))(row));

  async function insert(items: NewCertificate[]): Promise<number> {
    const issuedAt = new Date();
    await strapi.db.transaction(({ trx }) =>
      bulkInsert(
        strapi,
        trx,
        CERTIFICATE,
        items.map((item) => ({
          ...item,
          slug: certificateSlug(item.name, item.month, item.kind),
          verificationCode: newVerificationCode(),
          status: 'valid',
          replacedBy: null,
          issuedAt,
        })),
      ),
    );
    return items.length;
  }

  /** Poets of a month with a published score, and their names as their profile says now. */
  async function participants(competition: string, month: string): Promise<NewCertificate[]> {
    const poetIds = await resultRepository(strapi).poetIdsOf(competition, month);
    if (!poetIds.length) return [];
    const users = await userRepository(strapi).byIds(poetIds, ['name', 'email']);
    return users.map((user) => ({
      kind: 'participation' as const,
      competitionSlug: competition,
      month,
      poetId: user.id,
      entryId: null,
      name: withoutBidiControls(poetNameOf(user.name, user.email)),
      place: null,
      title: null,
    }));
  }

  async function winners(competition: string, month: string): Promise<NewCertificate[]> {
    const rows = await winnerRepository(strapi).withPoets(competition, month);
    return rows.map((w) => ({
      kind: 'winner' as const,
      competitionSlug: competition,
      month,
      poetId: w.poetId!,
      entryId: w.entryId,
      // Names and titles on a certificate cannot pose as other text (a winner's name may come from a CSV).
      name: withoutBidiControls(w.poetName),
      place: w.place,
      title: w.title && withoutBidiControls(w.title),
    }));
  }

  /** Who should hold a certificate of this kind for the month but has no valid one yet. */
  async function missing(kind: CertificateKind, competition: string, month: string): Promise<NewCertificate[]> {
    const due = kind === 'participation' ? await participants(competition, month) : await winners(competition, month);
    const held: { poetId: number; entryId: number | null }[] = await certificates().findMany({
      where: { kind, competitionSlug: competition, month, status: 'valid' },
      select: ['poetId', 'entryId'],
    });
    const key = (c: { poetId: number; entryId: number | null }) => (kind === 'participation' ? `${c.poetId}` : `${c.poetId}:${c.entryId}`);
    const have = new Set(held.map(key));
    return due.filter((c) => !have.has(key(c)));
  }

  return {
    /** Issues every missing participation certificate of a competition's month (joins the publication's transaction). */
    async issueParticipation(competition: string, month: string): Promise<number> {
      return insert(await missing('participation', competition, month));
    },

    async issueWinners(competition: string, month: string): Promise<number> {
      return insert(await missing('winner', competition, month));
    },

    /** For the admin pages: issue what is missing for a competition's whole month. */
    async issueMonth(kind: CertificateKind, month: string, competition: string = DEFAULT_COMPETITION): Promise<{ issued: number }> {
      const published = await (kind === 'winner' ? winnerRepository(strapi) : resultRepository(strapi)).isPublished(competition, month);
      if (!published) {
        const which = competition === DEFAULT_COMPETITION ? month : `${competition} ${month}`;
        throw new ApiError(409, msg(kind === 'winner' ? 'certificate.winnersNotPublished' : 'certificate.resultsNotPublished', { which }), {}, 'ConflictError');
      }
      return { issued: await (kind === 'winner' ? this.issueWinners(competition, month) : this.issueParticipation(competition, month)) };
    },

    /** Replaces one certificate with a new one (new code and address, the poet's current name). */
    async reissue(slug: string): Promise<CertificateListItem> {
      return strapi.db.transaction(async () => {
        const old: CertificateRow | null = await certificates().findOne({ where: { slug } });
        if (!old) throw notFound();
        if (old.status !== 'valid') throw new ApiError(409, msg('certificate.replaced'), { replacedBy: old.replacedBy }, 'ConflictError');
        const user = old.poetId === null ? null : await userRepository(strapi).byId(old.poetId, ['name', 'email']);
        const name = withoutBidiControls(old.kind === 'participation' && user ? poetNameOf(user.name, user.email) : old.name);
        const created: CertificateRow = await certificates().create({
          data: {
            kind: old.kind,
            competitionSlug: slugOf(old),
            month: old.month,
            poetId: old.poetId,
            entryId: old.entryId,
            name,
            place: old.place,
            title: old.title,
            slug: certificateSlug(name, old.month, old.kind),
            verificationCode: newVerificationCode(),
            status: 'valid',
            issuedAt: new Date(),
          },
        });
        await certificates().update({ where: { id: old.id }, data: { status: 'replaced', replacedBy: created.slug } });
        return listItem(created, (await refsOf([created]))(created));
      });
    },

    async view(slug: string): Promise<CertificateView> {
      const row: CertificateRow | null = await certificates().findOne({ where: { slug } });
      if (!row) throw notFound();
      return viewOf(row);
    },

    async verify(code: string): Promise<CertificateView> {
      const row: CertificateRow | null = await certificates().findOne({ where: { verificationCode: normaliseVerificationCode(code) } });
      if (!row) throw new ApiError(404, msg('certificate.noCode'), {}, 'NotFoundError');
      return viewOf(row);
    },

    async pdf(slug: string): Promise<{ view: CertificateView; bytes: Uint8Array }> {
      const view = await this.view(slug);
      return { view, bytes: await certificatePdf(view, qrPath(view.url).modules) };
    },

    async mine(userId: number): Promise<CertificateListItem[]> {
      const rows: CertificateRow[] = await certificates().findMany({
        where: { poetId: userId, status: 'valid' },
        orderBy: [{ month: 'desc' }, { competitionSlug: 'asc' }, { kind: 'desc' }],
      });
      const refOf = await refsOf(rows);
      return rows.map((row) => listItem(row, refOf(row)));
    },

    async list(kind: CertificateKind, month: string, competition: string = DEFAULT_COMPETITION): Promise<CertificateListItem[]> {
      const rows: CertificateRow[] = await certificates().findMany({
        where: { kind, month, competitionSlug: competition },
        orderBy: [{ status: 'desc' }, { name: 'asc' }],
        limit: 500,
      });
      const refOf = await refsOf(rows);
      return rows.map((row) => listItem(row, refOf(row)));
    },

    /** The template filled with a real poet of the month (nothing is stored; the code is a sample). */
    async preview(kind: CertificateKind, month: string, competition: string = DEFAULT_COMPETITION): Promise<CertificateView> {
      const [sample] = kind === 'participation' ? await participants(competition, month) : await winners(competition, month);
      const stored: CertificateRow | null = await certificates().findOne({
        where: { kind, month, competitionSlug: competition, status: 'valid' },
        orderBy: { id: 'asc' },
      });
      const base = sample ?? stored;
      if (!base) throw new ApiError(409, msg(kind === 'winner' ? 'certificate.noWinnerYet' : 'certificate.noParticipationYet', { month }), {}, 'ConflictError');
      return toView(
        {
          slug: 'sample',
          kind,
          name: base.name,
          month,
          place: base.place ?? null,
          title: base.title ?? null,
          verificationCode: 'SAMP-LE00-0000',
          issuedAt: new Date().toISOString(),
          status: 'valid',
          replacedBy: null,
        },
        (await refsOf([{ competitionSlug: competition }]))({ competitionSlug: competition }),
      );
    },

    async previewPdf(kind: CertificateKind, month: string, competition: string = DEFAULT_COMPETITION): Promise<Uint8Array> {
      const view = await this.preview(kind, month, competition);
      return certificatePdf(view, qrPath(view.url).modules);
    },
  };
};
