import { Input } from 'antd';
import { DRAFT_QUERY_LIMITS } from 'shared-sdk/contract';
import { charLimit } from 'shared-sdk/rules';

interface TitleSearchProps {
  /** The title searched for now (from the address); a new one resets the box to it. */
  title: string;
  placeholder: string;
  onSearch: (title: string) => void;
}

/** The lists' title search: 搜索 or Enter searches, the box takes at most the query's title length. */
export function TitleSearch({ title, placeholder, onSearch }: TitleSearchProps) {
  return (
    <Input.Search
      key={title}
      defaultValue={title}
      placeholder={placeholder}
      allowClear
      enterButton="搜索"
      count={charLimit(DRAFT_QUERY_LIMITS.TITLE_MAX, { show: false })}
      onSearch={onSearch}
      style={{ width: 320 }}
    />
  );
}
