import { wallPostPath, type WallPostSummary } from '@writory/shared';
import PoemText from './PoemText';
import PoetByline from './PoetByline';
import LikeButton from './LikeButton';
import { t } from '../../i18n/t';

/** One poem in a wall listing: its title (a link to its page), poet, first lines and likes. */
export default function PostCard({ post }: { post: WallPostSummary }) {
  const href = wallPostPath(post.id);
  return (
    <article
      aria-labelledby={`wall-post-${post.id}`}
      className="flex h-full flex-col gap-3 rounded-lg border border-stone-200 bg-white p-5"
      data-testid="wall-post"
    >
      <h3 id={`wall-post-${post.id}`} className="font-serif text-xl font-semibold" dir="auto" lang={post.language}>
        <a href={href} className="hover:underline">
          {post.title}
        </a>
      </h3>
      <PoetByline poet={post.poet} approvedAt={post.approvedAt} language={post.language} />
      {post.theme && (
        <p className="text-xs font-semibold uppercase tracking-wide text-ink-soft" data-testid="wall-post-theme">
          {t('wall.find.theme')}: {t(`wall.theme.${post.theme}`)}
        </p>
      )}
      <PoemText text={post.excerpt} language={post.language} className="text-base" testId="wall-poem" />
      <div className="mt-auto flex flex-wrap items-center gap-3 pt-2">
        <LikeButton id={post.id} likes={post.likes} title={post.title} />
        {post.truncated && (
          <a href={href} className="text-sm font-semibold text-quill underline underline-offset-4">
            {t('wall.card.readWhole')}
            <span className="sr-only">
              : <span dir="auto">{post.title}</span>
            </span>
          </a>
        )}
      </div>
    </article>
  );
}
