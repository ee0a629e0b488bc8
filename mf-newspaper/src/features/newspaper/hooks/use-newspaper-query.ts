import { useCallback } from 'react';
import { useSearchParams } from 'shared-sdk/router';
import dayjs from 'dayjs';
import { LIMITS, NEWSPAPERS } from 'shared-sdk';

export const DAY_FORMAT = 'YYYY-MM-DD';

export interface NewspaperQuery {
  type: number;
  /** 'YYYY-MM-DD' */
  date: string;
}

function typeFrom(raw: string | null): number {
  const type = Number(raw);
  return NEWSPAPERS.some((paper) => paper.value === type) ? type : LIMITS.DEFAULT_NEWSPAPER_TYPE;
}

function dateFrom(raw: string | null): string {
  // dayjs rolls 2026-02-30 over to March: a day that does not format back to itself is not a day.
  const real = raw !== null && /^\d{4}-\d{2}-\d{2}$/.test(raw) && dayjs(raw).format(DAY_FORMAT) === raw;
  return real ? raw : dayjs().format(DAY_FORMAT);
}

/** Paper and day live in the URL (?type=&date=), so a page can be shared and survives a reload. */
export function useNewspaperQuery(): [NewspaperQuery, (change: Partial<NewspaperQuery>) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = { type: typeFrom(searchParams.get('type')), date: dateFrom(searchParams.get('date')) };
  const change = useCallback(
    (next: Partial<NewspaperQuery>) =>
      setSearchParams(
        (current) => {
          const merged = { type: typeFrom(current.get('type')), date: dateFrom(current.get('date')), ...next };
          return { type: String(merged.type), date: merged.date };
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  return [query, change];
}
