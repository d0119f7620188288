import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import PoemText from '../components/wall/PoemText';
import PoetByline from '../components/wall/PoetByline';
import LikeButton from '../components/wall/LikeButton';
import ReportButton from '../components/wall/ReportButton';
import { postIdFrom } from '../lib/wall';
import { t } from '../i18n/t';
import { $authStatus } from '../stores/auth';
import { loadLiked } from '../stores/wall-likes';
import { $wallPost, loadWallPost } from '../stores/wall-post';

/** One poem of the wall, whole, on /writory-wall/post?id=N: read from the cms's cached public API. */
export default function WallPost() {
  const state = useStore($wallPost);
  const status = useStore($authStatus);

  useEffect(() => void loadWallPost(postIdFrom(window.location.search)), []);

  const post = state.kind === 'ready' ? state.post : null;
  useEffect(() => {
    if (post) document.title = t('wall.post.docTitle', { title: post.title });
  }, [post]);
  useEffect(() => {
    if (post && status === 'signed-in') loadLiked([post.id]).catch(() => undefined);
  }, [post, status]);

  if (!post) {
    const text = {
      loading: [t('wall.post.heading'), t('common.loading')],
      missing: [t('wall.post.missingTitle'), t('wall.post.missing')],
      failed: [t('wall.post.heading'), t('wall.post.failed')],
    }[state.kind as 'loading' | 'missing' | 'failed'];
    return (
      <div>
        <h1 className="font-serif text-4xl font-bold">{text[0]}</h1>
        <p role="status" className="mt-4 text-ink-soft">
          {text[1]}
        </p>
      </div>
    );
  }
  return (
    <article aria-labelledby="poem-title" data-testid="wall-post-page">
      <h1 id="poem-title" dir="auto" lang={post.language} className="font-serif text-4xl font-bold break-words">
        {post.title}
      </h1>
      <div className="mt-4">
        <PoetByline poet={post.poet} approvedAt={post.approvedAt} language={post.language} />
      </div>
      <PoemText text={post.text} language={post.language} className="mt-8 text-xl" testId="wall-poem" />
      <div className="mt-10 flex flex-wrap items-center gap-3 border-t border-stone-200 pt-6">
        <LikeButton id={post.id} likes={post.likes} title={post.title} />
        <ReportButton id={post.id} title={post.title} />
      </div>
    </article>
  );
}
