import rss from '@astrojs/rss';
import type { APIContext } from 'astro';
import { allArticles } from '../lib/cms';

export async function GET(context: APIContext) {
  const articles = await allArticles('en');
  return rss({
    title: 'Writory Articles',
    description: 'Craft essays, contest news and interviews from Writory.',
    site: context.site!,
    items: articles.map((a) => ({
      title: a.title,
      description: a.excerpt,
      pubDate: new Date(a.publishedAt),
      link: `/articles/${a.slug}/`,
      author: a.author,
      categories: a.tags.map((t) => t.name),
    })),
  });
}
