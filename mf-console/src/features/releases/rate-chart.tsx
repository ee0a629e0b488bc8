import type { ReleaseVersionHealth } from '../../api/releases';
import { ROLE_LABELS, percentText, rate } from './rates';

const BAR = 22;
const GAP = 6;
const GROUP = 2 * BAR + GAP + 28;
const HEIGHT = 140;
const COLORS = { failures: '#cf1322', errors: '#d46b08' };

/**
 * Per version, its load-failure rate and error-session rate as bars (plain SVG: no chart library).
 * The scale tops at the largest rate (at least 5 %), so small rates stay visible; the figures are
 * in the table beside it and in the chart's accessible name.
 */
export function RateChart({ versions }: { versions: ReleaseVersionHealth[] }) {
  const max = Math.max(0.05, ...versions.flatMap((v) => [rate(v.failures, v.loads), rate(v.error_sessions, v.loads)]));
  const width = Math.max(240, versions.length * GROUP + 40);
  const summary = versions
    .map((v) => `${v.version}（${ROLE_LABELS[v.role]}）：加载失败率 ${percentText(v.failures, v.loads)}，错误会话率 ${percentText(v.error_sessions, v.loads)}`)
    .join('；');
  const bar = (value: number, x: number, color: string, label: string) => {
    const h = Math.round((value / max) * (HEIGHT - 20));
    return (
      <rect x={x} y={HEIGHT - h} width={BAR} height={Math.max(h, 1)} fill={color}>
        <title>{label}</title>
      </rect>
    );
  };
  return (
    <figure style={{ margin: '0 0 16px' }}>
      <svg role="img" aria-label={`各版本的加载失败率与错误会话率。${summary}`} width={width} height={HEIGHT + 24} data-testid="rate-chart">
        <line x1={30} x2={width} y1={HEIGHT} y2={HEIGHT} stroke="#999" />
        <text x={0} y={12} fontSize={11} fill="#555">
          {`${(max * 100).toFixed(0)}%`}
        </text>
        {versions.map((v, i) => {
          const x = 40 + i * GROUP;
          const failures = percentText(v.failures, v.loads);
          const errors = percentText(v.error_sessions, v.loads);
          return (
            <g key={v.version}>
              {bar(rate(v.failures, v.loads), x, COLORS.failures, `${v.version} 加载失败率 ${failures}`)}
              {bar(rate(v.error_sessions, v.loads), x + BAR + GAP, COLORS.errors, `${v.version} 错误会话率 ${errors}`)}
              <text x={x} y={HEIGHT + 16} fontSize={12} fill="#333">
                {v.version}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption style={{ fontSize: 12 }}>
        <span aria-hidden style={{ color: COLORS.failures }}>
          ■
        </span>{' '}
        加载失败率{' '}
        <span aria-hidden style={{ color: COLORS.errors, marginLeft: 12 }}>
          ■
        </span>{' '}
        错误会话率（本轮灰度的页面加载中）
      </figcaption>
    </figure>
  );
}
