import { useRef, useState } from 'react';
import { Select } from 'antd';
import type { Tag } from 'shared-sdk';
import { labelNameProblem } from 'shared-sdk/rules';
import { useCreateLabelMutation, useLazySearchLabelsQuery } from '../../../api/material-api';

const NEW_PREFIX = 'new:';

export interface TagSelectProps {
  value?: number[];
  onChange?: (ids: number[]) => void;
}

/**
 * Tags: remote search by the typed keyword (an empty keyword clears the options); typing a new name creates it.
 * A keyword longer than a tag may be is neither searched nor offered for creation: the rule the server
 * applies (shared-sdk/rules) is shown in the list instead.
 */
export function TagSelect({ value = [], onChange }: TagSelectProps) {
  const [search] = useLazySearchLabelsQuery();
  const [create] = useCreateLabelMutation();
  const [options, setOptions] = useState<Tag[]>([]);
  const [text, setText] = useState('');
  const keyword = text.trim();
  const problem = labelNameProblem(keyword);
  const [known, setKnown] = useState<Map<number, string>>(new Map());
  const latest = useRef('');

  const onSearch = async (typedText: string) => {
    const typed = typedText.trim();
    latest.current = typed;
    setText(typedText);
    if (!typed || labelNameProblem(typed)) return setOptions([]);
    const found = await search(typed)
      .unwrap()
      .catch(() => []);
    if (latest.current === typed) setOptions(found);
  };

  const remember = (tags: Tag[]) => setKnown((map) => new Map([...map, ...tags.map((t): [number, string] => [t.id, t.name])]));

  const onSelectValues = async (values: Array<number | string>) => {
    const ids: number[] = [];
    for (const v of values) {
      if (typeof v === 'string' && v.startsWith(NEW_PREFIX)) {
        const created = await create(v.slice(NEW_PREFIX.length))
          .unwrap()
          .catch(() => []);
        remember(created);
        ids.push(...created.map((t) => t.id));
      } else ids.push(Number(v));
    }
    remember(options);
    setOptions([]);
    setText('');
    latest.current = '';
    onChange?.([...new Set(ids)]);
  };

  const exact = options.some((t) => t.name.toLowerCase() === keyword.toLowerCase());
  const choices = [
    ...options.map((t) => ({ value: t.id, label: t.name })),
    ...(keyword && !exact && !problem ? [{ value: `${NEW_PREFIX}${keyword}`, label: `创建标签：${keyword}` }] : []),
  ];
  return (
    <Select<Array<number | string>>
      mode="multiple"
      aria-label="标签"
      placeholder="输入关键词搜索或创建标签"
      showSearch={{ filterOption: false, searchValue: text, onSearch: (typed) => void onSearch(typed) }}
      value={value}
      labelRender={({ value: v }) => known.get(Number(v)) ?? String(v)}
      options={choices}
      onChange={(values) => void onSelectValues(values)}
      notFoundContent={problem ? <span role="alert">{problem}</span> : null}
    />
  );
}
