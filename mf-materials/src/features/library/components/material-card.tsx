import { Card, Tag, Typography } from 'antd';
import { MATERIAL_AUDIT_OPTIONS, type Material } from 'shared-sdk';
import { detailUrl } from '../../../hooks/use-material-handlers';
import { MaterialActions } from '../../../components/material-actions';

const statusLabel = (check: number): string => MATERIAL_AUDIT_OPTIONS.find((o) => o.value === check)?.label ?? '';
const STATUS_COLORS: Readonly<Record<number, string>> = { 1: 'default', 4: 'processing', 2: 'success', 3: 'error' };

export function MaterialCard({ material, showStatus }: { material: Material; showStatus: boolean }) {
  return (
    <Card
      data-testid="material-card"
      size="small"
      cover={
        <a href={detailUrl(material.cm_id)} target="_blank" rel="noreferrer" style={{ display: 'block', height: 150, background: '#f5f5f5' }}>
          <img src={material.cm_icon_url} alt={material.cm_title} style={{ width: '100%', height: 150, objectFit: 'cover' }} />
        </a>
      }
    >
      <Typography.Text strong ellipsis title={material.cm_title} style={{ display: 'block' }}>
        {material.cm_title}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {material.cm_create_time}
      </Typography.Text>
      {showStatus ? (
        <Tag color={STATUS_COLORS[material.cm_check]} style={{ marginLeft: 8 }}>
          {statusLabel(material.cm_check)}
        </Tag>
      ) : null}
      <div style={{ marginTop: 4 }}>
        <MaterialActions material={material} />
      </div>
    </Card>
  );
}
