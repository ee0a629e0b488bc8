import { newsCall, type NewspaperPage, type NewspaperRequest } from 'shared-sdk';
import { newspaper } from 'shared-sdk/contract/calls';

/**
 * One issue's pages from the newspaper host. Its failures are this screen's to handle (docs/product.md §8:
 * only logged), so the central notifier stays silent.
 */
export function getNewspaperPages(request: NewspaperRequest, signal?: AbortSignal): Promise<NewspaperPage[]> {
  return newsCall(newspaper.hisPaper, { date: request.date, type: request.type }, { skipErrorHandler: true, signal });
}
