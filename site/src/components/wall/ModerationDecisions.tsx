import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { WALL_REASON_MAX } from '@writory/shared';
import { FormAlert } from '../react/Message';
import { apiErrorBody } from '../../lib/api';

/** What the decision controls say, in the page's language (posts and comments have their own catalogue keys). */
export interface DecisionWords<A extends string> {
  action: (action: A) => string;
  /** The button once a reason is being asked for ("Confirm hide"). */
  confirm: (action: A) => string;
  reasonLabel: string;
  reasonNeeded: string;
  failed: string;
  cancel: string;
  /** Said instead of the buttons on the moderator's own post or comment. */
  own: string;
}

/**
 * A moderator's decisions on one post or comment of the queue: a button per action it allows; a rejection or a
 * hiding first asks for the reason (focused), the second press sends it. The server's refusal is shown in its words.
 */
export default function ModerationDecisions<A extends string>({
  actions,
  needsReason,
  own,
  words,
  named,
  decide,
  onDecided,
}: {
  actions: A[];
  needsReason: (action: A) => boolean;
  own: boolean;
  words: DecisionWords<A>;
  /** What each button's screen-reader text adds, naming the item ("“Title”", "(12)"). */
  named: ReactNode;
  decide: (action: A, reason?: string) => Promise<unknown>;
  onDecided: (action: A) => void;
}) {
  const id = useId();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [asking, setAsking] = useState<A | null>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (asking) reasonRef.current?.focus();
  }, [asking]);

  async function choose(action: A) {
    if (needsReason(action) && asking !== action) return setAsking(action);
    if (needsReason(action) && !reason.trim()) return setProblem(words.reasonNeeded);
    setBusy(true);
    setProblem(null);
    try {
      await decide(action, needsReason(action) ? reason : undefined);
      onDecided(action);
    } catch (error) {
      setProblem(apiErrorBody(error)?.message ?? words.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-4 space-y-3">
      <FormAlert>{problem}</FormAlert>
      {own ? (
        <p className="text-sm text-ink-soft">{words.own}</p>
      ) : (
        <>
          {asking && (
            <div className="flex flex-col gap-1">
              <label htmlFor={`${id}-reason`} className="text-sm font-semibold">
                {words.reasonLabel}
              </label>
              <textarea
                id={`${id}-reason`}
                ref={reasonRef}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                maxLength={WALL_REASON_MAX}
                rows={2}
                dir="auto"
                className="rounded-md border border-stone-400 bg-white px-3 py-2"
              />
            </div>
          )}
          <div className="flex flex-wrap gap-2">
            {actions.map((action) => (
              <button
                key={action}
                type="button"
                disabled={busy}
                className={`btn btn-sm ${action === 'hide' || action === 'reject' ? 'btn-destructive' : 'btn-default'}`}
                onClick={() => void choose(action)}
              >
                {asking === action ? words.confirm(action) : words.action(action)}
                <span className="sr-only"> {named}</span>
              </button>
            ))}
            {asking && (
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => setAsking(null)}>
                {words.cancel}
              </button>
            )}
          </div>
        </>
      )}
    </div>
  );
}
