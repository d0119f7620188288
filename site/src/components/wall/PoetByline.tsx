import type { WallPoet } from '@writory/shared';
import Avatar from '../react/Avatar';
import PoetName from './PoetName';
import { formatWallDate, languageLabel } from '../../lib/wall';

/** The poet's picture and name (a link to their public page when they have one), when the poem reached the wall, and its language. */
export default function PoetByline({ poet, approvedAt, language }: { poet: WallPoet; approvedAt: string; language: string }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-ink-soft">
      <Avatar name={poet.name} pictureUrl={poet.pictureUrl} className="h-8 w-8 text-xs" />
      <PoetName poet={poet} />
      <span aria-hidden="true">·</span>
      <time dateTime={approvedAt}>{formatWallDate(approvedAt)}</time>
      <span aria-hidden="true">·</span>
      <span>{languageLabel(language)}</span>
    </p>
  );
}
