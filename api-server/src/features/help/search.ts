/** Search over the help articles: every word must occur in the title or text; title matches first. */
import type { HelpSearchHit } from 'shared-sdk/contract';
import { type LoadedArticle, plainText } from './library';

const SNIPPET_RADIUS = 30;

function snippet(article: LoadedArticle, word: string): string {
  const text = plainText(article.html);
  const at = text.toLowerCase().indexOf(word);
  if (at < 0) return article.summary;
  const start = Math.max(0, at - SNIPPET_RADIUS);
  const end = Math.min(text.length, at + word.length + SNIPPET_RADIUS);
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}

export function searchArticles(articles: readonly LoadedArticle[], query: string): HelpSearchHit[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return articles
    .filter((a) => words.every((w) => a.text.includes(w)))
    .map((a) => ({ article: a, inTitle: words.some((w) => a.title.toLowerCase().includes(w)) }))
    .sort((x, y) => Number(y.inTitle) - Number(x.inTitle))
    .map(({ article }) => ({
      slug: article.slug,
      title: article.title,
      summary: article.summary,
      category_name: article.category_name,
      snippet: snippet(article, words[0] as string),
    }));
}
