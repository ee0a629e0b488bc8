import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';

interface Props {
  label: string;
  icon: ReactNode;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
}

/** One toolbar button; it never takes the focus, so the editor keeps its selection. */
export function ToolButton({ label, icon, active = false, disabled = false, onClick }: Props) {
  return (
    <Tooltip title={label}>
      <Button
        type={active ? 'primary' : 'text'}
        ghost={active}
        size="small"
        aria-label={label}
        aria-pressed={active}
        disabled={disabled}
        icon={icon}
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
      />
    </Tooltip>
  );
}
