import type { ReactNode } from 'react';
import { PLACE_LABELS, type CertificateView } from '@writory/shared';
import { t } from '../../i18n/t';
import { formatMonth } from '../../lib/format';
import { competitionOf, competitionTitle, DEFAULT_COMPETITION } from '../../lib/competitions';

/**
 * A certificate as a page, A4 landscape: fills the sheet when printed (the Bare layout sets the page size),
 * with its QR code and verification code. Used by /certificate/{slug}, the sample and the admin previews (whose
 * page has its own h1, so theirs is an h2).
 */
export default function Certificate({ view, children, level = 1 }: { view: CertificateView; children?: ReactNode; level?: 1 | 3 }) {
  const winner = view.kind === 'winner';
  // The certificate's own page titles it with an h1; a preview inside an admin page sits under that page's headings.
  const Title = level === 1 ? 'h1' : 'h3';
  // Poetry's certificates say what they said before competitions (the monthly poetry contest), as their PDF does.
  const ref = competitionOf(view);
  const competition = ref && ref.slug !== DEFAULT_COMPETITION ? ref : null;
  const contest = competition
    ? `the Writory ${competitionTitle(competition.name)}, ${formatMonth(view.month)}`
    : `the Writory monthly poetry contest, ${formatMonth(view.month)}`;
  const issued = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(view.issuedAt));
  return (
    // The certificate is the document its PDF is, in English on every page; the page around it is the reader's.
    <article
      lang="en"
      dir="ltr"
      className="relative mx-auto flex aspect-[297/210] w-full max-w-5xl flex-col items-center justify-center border-8 border-double border-quill bg-paper px-6 py-8 text-center sm:px-12 print:m-0 print:h-[210mm] print:w-[297mm] print:max-w-none print:break-inside-avoid"
      data-testid="certificate"
    >
      <p className="text-xs font-bold tracking-[0.3em] text-ink-soft sm:text-sm">WRITORY</p>
      <Title className="mt-2 font-serif text-2xl font-bold text-quill sm:mt-4 sm:text-5xl">
        {winner ? 'Certificate of Achievement' : 'Certificate of Participation'}
      </Title>
      <p className="mt-3 text-sm sm:mt-8 sm:text-lg">This certifies that</p>
      <p className="mt-1 font-serif text-2xl font-bold sm:mt-2 sm:text-4xl" dir="auto" data-testid="certificate-name">
        {view.name}
      </p>
      {winner && view.place ? (
        <>
          <p className="mt-3 text-sm sm:mt-6 sm:text-lg">
            won {view.place === 'honourable' ? 'an honourable mention' : PLACE_LABELS[view.place]} in {contest}
            {view.title ? (competition ? ', for the entry' : ', for the poem') : '.'}
          </p>
          {view.title && (
            <p className="mt-1 font-serif text-lg font-semibold sm:text-2xl" dir="auto">
              {view.title}
            </p>
          )}
        </>
      ) : (
        <p className="mt-3 text-sm sm:mt-6 sm:text-lg">took part in {contest}.</p>
      )}
      <div className="mt-4 flex w-full items-end justify-between gap-4 text-start text-[0.6rem] text-ink-soft sm:mt-10 sm:text-xs">
        <p>
          Issued {issued}
          <br />
          Verification code{' '}
          <span className="font-mono font-semibold text-ink" data-testid="verification-code">
            {view.verificationCode}
          </span>
          <br />
          <span className="break-all">{view.url}</span>
        </p>
        <svg
          viewBox={`-2 -2 ${view.qr.size + 4} ${view.qr.size + 4}`}
          className="h-16 w-16 shrink-0 bg-white sm:h-24 sm:w-24"
          role="img"
          aria-label={t('certificate.qr')}
          data-testid="certificate-qr"
          data-url={view.url}
        >
          <path d={view.qr.path} fill="#000" />
        </svg>
      </div>
      {children}
    </article>
  );
}
