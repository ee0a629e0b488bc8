import { Button, DatePicker, Radio, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { NEWSPAPERS } from 'shared-sdk';
import { DAY_FORMAT, type NewspaperQuery } from '../hooks/use-newspaper-query';

export interface NewspaperFiltersProps {
  query: NewspaperQuery;
  onChange: (change: Partial<NewspaperQuery>) => void;
}

const isFuture = (day: Dayjs) => day.isAfter(dayjs(), 'day');

/** The paper (all eight at a glance) and the day, with one-click steps to the day before and after. */
export function NewspaperFilters({ query, onChange }: NewspaperFiltersProps) {
  const day = dayjs(query.date);
  const stepTo = (next: Dayjs) => onChange({ date: next.format(DAY_FORMAT) });
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Radio.Group
        aria-label="报纸"
        optionType="button"
        buttonStyle="solid"
        value={query.type}
        options={NEWSPAPERS.map((paper) => ({ value: paper.value, label: paper.label }))}
        onChange={(event) => onChange({ type: Number(event.target.value) })}
      />
      <Space>
        <Button onClick={() => stepTo(day.subtract(1, 'day'))}>前一天</Button>
        <DatePicker aria-label="日期" allowClear={false} value={day} format={DAY_FORMAT} disabledDate={isFuture} onChange={(next) => next && stepTo(next)} />
        <Button disabled={!day.isBefore(dayjs(), 'day')} onClick={() => stepTo(day.add(1, 'day'))}>
          后一天
        </Button>
      </Space>
    </Space>
  );
}
