import { Progress, Tooltip, Typography } from 'antd';
import { SCORE_DIMENSIONS, type ScoreBreakdown } from 'shared-sdk/contract';

/** Each dimension with its value, weight and what raises or lowers it. */
export function ScoreDimensions({ dimensions }: { dimensions: ScoreBreakdown }) {
  return (
    <div>
      {SCORE_DIMENSIONS.map((d) => (
        <div key={d.code} data-testid={`dimension-${d.code}`} style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 8 }}>
          <Tooltip title={d.hint}>
            <Typography.Text style={{ width: 96 }}>
              {d.name}（{d.weight}%）
            </Typography.Text>
          </Tooltip>
          <Progress aria-label={d.name} percent={dimensions[d.code]} format={(value) => `${value ?? 0}`} style={{ flex: 1, margin: 0 }} />
          <Typography.Text type="secondary" style={{ width: 260, fontSize: 12 }}>
            {d.hint}
          </Typography.Text>
        </div>
      ))}
    </div>
  );
}
