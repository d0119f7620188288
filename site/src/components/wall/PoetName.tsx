import { poetPagePath, type WallPoet } from '@writory/shared';
import { localHref } from '../../i18n/paths';

/**
 * A poet's name as the wall shows it (cards, poem pages, comments, the Following tab): a link to their page when they
 * have a public one (the cms sends its handle only then), plain text otherwise. The name keeps its own direction.
 */
export default function PoetName({ poet }: { poet: WallPoet }) {
  if (!poet.handle) {
    return (
      <span dir="auto" className="font-semibold text-ink">
        {poet.name}
      </span>
    );
  }
  return (
    <a href={localHref(poetPagePath(poet.handle))} dir="auto" className="font-semibold text-ink underline-offset-4 hover:underline" data-testid="poet-link">
      {poet.name}
    </a>
  );
}
