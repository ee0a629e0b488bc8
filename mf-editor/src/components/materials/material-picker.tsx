import { useState } from 'react';
import { Empty, Input, Modal, Pagination, Spin } from 'antd';
import { LIMITS, MaterialType, type Material } from 'shared-sdk';
import { usePickerMaterialsQuery } from '../../api/picker-api';
import * as styles from './material-picker.module.css';

export interface MaterialPickerProps {
  open: boolean;
  /** 2 images, 3 videos (and other media). */
  type: MaterialType;
  title?: string;
  /** How many may be chosen at once (1: choosing one closes the picker). */
  max?: number;
  /** Narrows the list further, e.g. audio files among type 3. */
  accept?: (material: Material) => boolean;
  onPick: (materials: Material[]) => void;
  onCancel: () => void;
}

/** 从素材库选择: my own materials of one type, searchable and paged like the library. */
export function MaterialPicker({ open, type, title, max = 1, accept, onPick, onCancel }: MaterialPickerProps) {
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<Material[]>([]);
  const { data, isFetching } = usePickerMaterialsQuery({ cm_type: type, page, cm_title: keyword }, { skip: !open });
  const items = (data?.data.data ?? []).filter((material) => !accept || accept(material));

  const close = (picked: Material[] | null) => {
    setChosen([]);
    if (picked) onPick(picked);
    else onCancel();
  };
  const toggle = (material: Material) => {
    if (max === 1) return close([material]);
    setChosen((now) =>
      now.some((m) => m.cm_id === material.cm_id) ? now.filter((m) => m.cm_id !== material.cm_id) : now.length < max ? [...now, material] : now,
    );
  };

  return (
    <Modal
      open={open}
      title={title ?? (type === MaterialType.VIDEO ? '从素材库选择视频' : '从素材库选择图片')}
      width={760}
      onCancel={() => close(null)}
      okText={max > 1 ? `确定（${chosen.length}/${max}）` : '确定'}
      okButtonProps={{ disabled: chosen.length === 0, style: max === 1 ? { display: 'none' } : undefined }}
      onOk={() => close(chosen)}
      destroyOnHidden
    >
      <Input.Search placeholder="搜索素材标题" allowClear onSearch={(value) => (setKeyword(value.trim()), setPage(1))} />
      <Spin spinning={isFetching}>
        {items.length === 0 ? (
          <Empty description="暂无内容" />
        ) : (
          <ul className={styles.grid} aria-label="素材列表">
            {items.map((material) => {
              const selected = chosen.some((m) => m.cm_id === material.cm_id);
              return (
                <li key={material.cm_id}>
                  <button type="button" className={selected ? styles.selected : styles.card} aria-pressed={selected} onClick={() => toggle(material)}>
                    <img src={material.cm_icon_url || material.cm_url} alt={material.cm_title} />
                    <span>{material.cm_title}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </Spin>
      <Pagination size="small" current={page} pageSize={LIMITS.MATERIAL_PAGE_SIZE} total={data?.data.total ?? 0} onChange={setPage} showSizeChanger={false} />
    </Modal>
  );
}
