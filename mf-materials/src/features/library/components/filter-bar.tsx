import { Button, DatePicker, Input, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { MATERIAL_AUDIT_OPTIONS } from 'shared-sdk';
import type { LibraryFilters } from '../filters';
import type { LibraryScope } from '../library-scope';

export interface FilterBarProps {
  scope: LibraryScope;
  filters: LibraryFilters;
  onChange: (next: Partial<LibraryFilters>) => void;
}

const DAY = 'YYYY-MM-DD';

export function FilterBar({ scope, filters, onChange }: FilterBarProps) {
  const range = filters.start && filters.end ? ([dayjs(filters.start), dayjs(filters.end)] as const) : null;
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      {scope === 'mine' ? (
        <Select
          aria-label="审核状态"
          style={{ width: 140 }}
          value={filters.cmCheck}
          options={MATERIAL_AUDIT_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
          onChange={(cmCheck: LibraryFilters['cmCheck']) => onChange({ cmCheck })}
        />
      ) : null}
      <DatePicker.RangePicker
        value={range ? [range[0], range[1]] : null}
        onChange={(dates) => onChange({ start: dates?.[0]?.format(DAY) ?? '', end: dates?.[1]?.format(DAY) ?? '' })}
      />
      <Input.Search
        placeholder="请输入素材名称"
        allowClear
        defaultValue={filters.keyword}
        key={filters.keyword}
        style={{ width: 240 }}
        onSearch={(keyword) => onChange({ keyword: keyword.trim() })}
      />
      {scope === 'mine' ? (
        <Button type="primary" onClick={() => window.open('/material/add', '_blank')}>
          上传素材
        </Button>
      ) : null}
    </Space>
  );
}
