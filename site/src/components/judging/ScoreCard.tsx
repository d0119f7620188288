import type { JudgeScore } from '@writory/shared';

/** One judge's scores: a mark per criterion of the contest (by name, out of its points), the total and the comment. */
export default function ScoreCard({ title, score }: { title: string; score: JudgeScore }) {
  return (
    <div className="rounded-md border border-stone-200 bg-white p-3" data-testid="score-card">
      <p className="font-semibold">
        {title}: {score.total} / 100
      </p>
      <dl className="mt-1 grid grid-cols-2 gap-x-4 text-sm sm:grid-cols-5">
        {score.marks.map((mark) => (
          <div key={mark.name}>
            <dt className="text-ink-soft" dir="auto">
              {mark.name}
            </dt>
            <dd className="font-semibold">
              {mark.points} / {mark.max}
            </dd>
          </div>
        ))}
      </dl>
      {score.comment && (
        <p className="mt-2 text-sm" dir="auto">
          {score.comment}
        </p>
      )}
    </div>
  );
}
