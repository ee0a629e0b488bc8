import { Button, Popover, Tooltip } from 'antd';
import type { ReactNode } from 'react';

/** The colours offered for text and background: the palette of the app's own articles. */
export const EDITOR_COLORS = [
  '#000000',
  '#595959',
  '#e60000',
  '#ff9900',
  '#ffd700',
  '#008a00',
  '#0066cc',
  '#9933ff',
  '#ffffff',
  '#facccc',
  '#ffebcc',
  '#cce8cc',
  '#cce0f5',
];

interface Props {
  label: string;
  icon: ReactNode;
  onPick: (color: string | false) => void;
}

/** A toolbar button opening a palette; 默认 takes the colour off. */
export function ColorSwatches({ label, icon, onPick }: Props) {
  const palette = (
    <div role="group" aria-label={label} style={{ display: 'grid', gridTemplateColumns: 'repeat(7, 22px)', gap: 4 }}>
      {EDITOR_COLORS.map((color) => (
        <button
          key={color}
          type="button"
          aria-label={`${label} ${color}`}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(color)}
          style={{ width: 22, height: 22, background: color, border: '1px solid #d9d9d9', borderRadius: 3, cursor: 'pointer' }}
        />
      ))}
      <button type="button" onMouseDown={(event) => event.preventDefault()} onClick={() => onPick(false)} style={{ gridColumn: 'span 7', fontSize: 12 }}>
        默认
      </button>
    </div>
  );
  return (
    <Popover content={palette} trigger="click">
      <Tooltip title={label}>
        <Button type="text" size="small" aria-label={label} icon={icon} onMouseDown={(event) => event.preventDefault()} />
      </Tooltip>
    </Popover>
  );
}
