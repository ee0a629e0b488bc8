/**
 * The help articles shipped with the product (`articles/*.md`, front matter: title, category, order,
 * summary), read and rendered once at start-up: Markdown to HTML with `marked`, then through a strict
 * allow-list, so even an article edited carelessly cannot put script into the page.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import type { HelpArticle, HelpCategory } from 'shared-sdk/contract';
import { HELP_POLICY } from 'shared-sdk/html/policy';
import { sourceFile } from '../../own-files';

export const HELP_CATEGORIES: readonly { code: string; name: string }[] = [
  { code: 'start', name: '新手入门' },
  { code: 'publish', name: '内容创作' },
  { code: 'library', name: '草稿与素材' },
  { code: 'account', name: '账号与安全' },
  { code: 'score', name: '创作分与权益' },
];

/** HELP_POLICY is shared with the screen that shows an article (shared-sdk/src/html/sanitize-html.ts, sanitizeHelpHtml). */
const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [...HELP_POLICY.tags],
  allowedAttributes: Object.fromEntries(Object.entries(HELP_POLICY.attributes).map(([tag, names]) => [tag, [...names]])),
  // Only links inside the product (a path) or to the web; never javascript:, data: or protocol-relative.
  allowedSchemes: ['https', 'http'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

export function sanitizeHelpHtml(html: string): string {
  return sanitizeHtml(html, ALLOWED);
}

export interface LoadedArticle extends HelpArticle {
  order: number;
  /** Lower-cased title and body text, for search. */
  text: string;
}

function frontMatter(source: string, file: string): { meta: Record<string, string>; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source.replace(/\r\n/g, '\n'));
  if (!match) throw new Error(`help article ${file} has no front matter`);
  const meta: Record<string, string> = {};
  for (const line of (match[1] as string).split('\n')) {
    const at = line.indexOf(':');
    if (at > 0) meta[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return { meta, body: match[2] as string };
}

export const plainText = (html: string): string =>
  sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim();

export function loadArticles(dir = sourceFile('features', 'help', 'articles')): LoadedArticle[] {
  const marked = new Marked({ gfm: true, async: false });
  return readdirSync(dir)
    .filter((file) => file.endsWith('.md'))
    .map((file) => {
      const { meta, body } = frontMatter(readFileSync(path.join(dir, file), 'utf8'), file);
      const category = HELP_CATEGORIES.find((c) => c.code === meta.category);
      if (!category || !meta.title) throw new Error(`help article ${file}: unknown category "${meta.category}" or no title`);
      const html = sanitizeHelpHtml(marked.parse(body) as string);
      return {
        slug: file.slice(0, -3),
        title: meta.title,
        summary: meta.summary ?? '',
        category: category.code,
        category_name: category.name,
        order: Number(meta.order ?? 99),
        html,
        text: `${meta.title} ${plainText(html)}`.toLowerCase(),
      };
    })
    .sort((a, b) => HELP_CATEGORIES.findIndex((c) => c.code === a.category) - HELP_CATEGORIES.findIndex((c) => c.code === b.category) || a.order - b.order);
}

export function categoriesOf(articles: readonly LoadedArticle[]): HelpCategory[] {
  return HELP_CATEGORIES.map((c) => ({
    ...c,
    articles: articles.filter((a) => a.category === c.code).map(({ slug, title, summary }) => ({ slug, title, summary })),
  })).filter((c) => c.articles.length > 0);
}
