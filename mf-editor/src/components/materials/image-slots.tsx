import { useState } from 'react';
import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { MaterialType } from 'shared-sdk';
import { MaterialPicker } from './material-picker';

interface Props {
  label: string;
  urls: readonly string[];
  /** How many slots to show. */
  count: number;
  onChange: (urls: string[]) => void;
}

/** Cover slots filled from my material library (images); a filled slot can be emptied again. */
export function ImageSlots({ label, urls, count, onChange }: Props) {
  const [picking, setPicking] = useState<number | null>(null);
  return (
    <div style={{ display: 'flex', gap: 12 }}>
      {Array.from({ length: count }, (_, index) => {
        const url = urls[index];
        return (
          <div key={index} style={{ position: 'relative', width: 150, height: 100, border: '1px dashed #d9d9d9', borderRadius: 6, overflow: 'hidden' }}>
            {url ? (
              <>
                <img src={url} alt={`${label}${index + 1}`} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
                <Button
                  size="small"
                  shape="circle"
                  aria-label={`移除${label}${index + 1}`}
                  icon={<CloseOutlined />}
                  style={{ position: 'absolute', top: 4, right: 4 }}
                  onClick={() => onChange(urls.filter((_, at) => at !== index))}
                />
              </>
            ) : (
              // The name holds the visible text (a name must contain what is shown) and which slot it fills.
              <Button
                type="text"
                aria-label={`从素材库选择${label}${index + 1}`}
                icon={<PlusOutlined />}
                style={{ width: '100%', height: '100%' }}
                onClick={() => setPicking(index)}
              >
                从素材库选择
              </Button>
            )}
          </div>
        );
      })}
      <MaterialPicker
        open={picking !== null}
        type={MaterialType.IMAGE}
        title={`选择${label}`}
        onCancel={() => setPicking(null)}
        onPick={([material]) => {
          if (material) {
            const next = [...urls];
            next.splice(Math.min(picking ?? 0, next.length), 0, material.cm_url);
            onChange(next.slice(0, count));
          }
          setPicking(null);
        }}
      />
    </div>
  );
}
