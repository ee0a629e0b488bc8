/** The help centre: the answer types of its calls. */
import type { DataOf } from '../core/route';
import type * as help from './schemas';

export type HelpArticleSummary = help.HelpArticleSummary;
export type HelpCategory = help.HelpCategory;
export type HelpCategoriesAnswer = DataOf<typeof help.helpCategories>;
export type HelpArticle = help.HelpArticle;
export type HelpSearchHit = help.HelpSearchHit;
export type HelpSearchAnswer = DataOf<typeof help.helpSearch>;
