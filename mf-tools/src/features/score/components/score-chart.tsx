import { theme } from 'antd';
import type { ScoreHistoryPoint } from 'shared-sdk/contract';

const WIDTH = 640;
const HEIGHT = 200;
const PAD = { left: 32, right: 12, top: 12, bottom: 28 };

/** The 30-day history as a hand-drawn SVG line (no chart library in this screen). */
export function ScoreChart({ points }: { points: readonly ScoreHistoryPoint[] }) {
  const { token } = theme.useToken();
  if (points.length === 0) return null;
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (points.length === 1 ? innerW : (i * innerW) / (points.length - 1));
  const y = (score: number) => PAD.top + innerH - (score * innerH) / 100;
  const line = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p.user_score).toFixed(1)}`).join(' ');
  const first = points[0];
  const last = points[points.length - 1];
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="img" aria-label="近30天创作分" data-testid="score-chart">
      {[0, 50, 100].map((tick) => (
        <g key={tick}>
          <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} stroke="#f0f0f0" />
          <text x={PAD.left - 6} y={y(tick) + 4} fontSize="11" textAnchor="end" fill={token.colorTextTertiary}>
            {tick}
          </text>
        </g>
      ))}
      <path d={line} fill="none" stroke={token.colorPrimary} strokeWidth="2" />
      {points.map((p, i) => (
        <circle key={p.day} cx={x(i)} cy={y(p.user_score)} r="3" fill={token.colorPrimary}>
          <title>{`${p.day}：${p.user_score} 分`}</title>
        </circle>
      ))}
      <text x={PAD.left} y={HEIGHT - 8} fontSize="11" fill={token.colorTextTertiary}>
        {first?.day.slice(5)}
      </text>
      <text x={WIDTH - PAD.right} y={HEIGHT - 8} fontSize="11" textAnchor="end" fill={token.colorTextTertiary}>
        {last?.day.slice(5)}
      </text>
    </svg>
  );
}
