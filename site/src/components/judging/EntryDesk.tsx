import { useState } from 'react';
import type { JudgingEntry, ScoreInput } from '@writory/shared';
import { t } from '../../i18n/t';
import { downloadJudgingFile } from '../../api/judging';
import { Failure } from '../react/States';
import RecuseForm from './RecuseForm';
import ScoreCard from './ScoreCard';
import ScoreForm from './ScoreForm';
import { storyParagraphs } from '../../lib/story';

function Originality({ entry }: { entry: JudgingEntry }) {
  const { flag, matches } = entry.originality;
  return (
    <div className={`rounded-md p-3 text-sm ${flag ? 'border border-amber-300 bg-amber-50 text-amber-950' : 'bg-parchment'}`} data-testid="originality">
      <p className="font-semibold">{t('judging.originality')}</p>
      {flag === null && <p>{t('judging.originalityUnknown')}</p>}
      {flag === false && <p>{t('judging.originalityClear')}</p>}
      {flag &&
        matches.map((match, i) => (
          <p key={i}>
            {match.kind === 'entry'
              ? t('judging.originalityEntry', { code: match.code ?? '?', percent: Math.round(match.similarity * 100) })
              : t('judging.originalityWall', { percent: Math.round(match.similarity * 100) })}
          </p>
        ))}
    </div>
  );
}

/** One entry on the judge's desk: the anonymised text, the blind file, the flag, and the score form or scores. */
export default function EntryDesk({
  entry,
  onScore,
  onRecuse,
}: {
  entry: JudgingEntry;
  onScore(scores: ScoreInput): Promise<unknown>;
  onRecuse(note: string): Promise<void>;
}) {
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const download = async () => {
    setDownloadError(null);
    try {
      await downloadJudgingFile(entry.code, `${entry.code}.${entry.kind}`);
    } catch {
      setDownloadError(t('entries.downloadFailed'));
    }
  };
  return (
    <article aria-labelledby="desk-heading" className="space-y-5 rounded-lg border border-stone-200 bg-white p-5" data-testid="judging-entry">
      <header>
        <h2 id="desk-heading" tabIndex={-1} className="font-serif text-2xl font-bold focus:outline-none">
          {t('judging.entryHeading', { code: entry.code })}
        </h2>
        <p className="text-sm font-semibold" data-testid="judging-competition">
          {t('judging.competition', { name: entry.competition.name, kind: t(entry.competitionKind === 'story' ? 'judging.kindStory' : 'judging.kindPoem') })}
        </p>
        <p className="text-sm text-ink-soft">{t('judging.blind')}</p>
        {entry.theme && <p className="text-sm">{t('judging.theme', { theme: entry.theme })}</p>}
      </header>
      <section aria-label={entry.title} className="rounded-md border border-stone-300 bg-paper p-4">
        <h3 className="font-serif text-xl font-bold" dir="auto">
          {entry.title}
        </h3>
        <p className="text-xs text-ink-soft">
          {entry.language} · {t('submit.previewWords', { count: entry.wordCount })}
        </p>
        {entry.competitionKind === 'story' ? (
          // A story reads as prose: its paragraphs as the poet wrote them, each its own block.
          <div className="mt-3 space-y-4 font-serif text-lg leading-relaxed" data-testid="judging-text">
            {storyParagraphs(entry.text).map((paragraph, i) => (
              <p key={i} dir="auto" className="whitespace-pre-wrap break-words">
                {paragraph}
              </p>
            ))}
          </div>
        ) : (
          <div dir="auto" className="mt-3 whitespace-pre-wrap break-words font-serif text-lg leading-relaxed" data-testid="judging-text">
            {entry.text}
          </div>
        )}
      </section>
      {entry.fileAvailable ? (
        <button type="button" className="btn btn-outline btn-sm" onClick={() => void download()}>
          {t('judging.download')}
        </button>
      ) : (
        <p className="text-sm text-ink-soft">{t('judging.withheld')}</p>
      )}
      {downloadError && <Failure>{downloadError}</Failure>}
      <Originality entry={entry} />
      {entry.myScore ? (
        <section aria-label={t('judging.yourScore')} className="space-y-3" data-testid="scores-after">
          <ScoreCard title={t('judging.yourScore')} score={entry.myScore} />
          <h3 className="font-semibold">{t('judging.otherScores')}</h3>
          {entry.otherScores && entry.otherScores.length > 0 ? (
            entry.otherScores.map((score, i) => <ScoreCard key={score.submittedAt + i} title={t('judging.judgeN', { n: i + 2 })} score={score} />)
          ) : (
            <p className="text-sm text-ink-soft">{t('judging.noOtherScores')}</p>
          )}
        </section>
      ) : (
        <>
          <ScoreForm key={entry.code} code={entry.code} criteria={entry.criteria} onSubmit={onScore} />
          <RecuseForm key={`recuse-${entry.code}`} code={entry.code} onRecuse={onRecuse} />
        </>
      )}
    </article>
  );
}
