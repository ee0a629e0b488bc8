/**
 * Release alerts: a rollback (by hand, of a canary by the analysis, of a promoted version in its
 * watch window), an analysis that failed with nothing rolled back (a first release's watch window:
 * no previous stable), a promote,
 * posted to the webhooks of RELEASE_WEBHOOKS, each in the format its receiver reads: plain JSON, or
 * the group robots of 企业微信 (WeCom), 钉钉 (DingTalk) and 飞书 (Feishu/Lark), with their optional
 * signing secrets. Sent after the step has landed, never holding it up: a receiver that is down is
 * retried once and then logged, and the release goes on.
 *
 * RELEASE_WEBHOOKS: entries separated by commas or new lines, each `format=url` or
 * `format:secret=url` (format json, wecom, dingtalk or feishu), e.g.
 * `wecom=https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=…, json=https://ops.example.com/hooks/releases`.
 */
import { createHmac } from 'node:crypto';
import type { AnalysisFigures } from 'deploy';

export const ALERT_FORMATS = ['json', 'wecom', 'dingtalk', 'feishu'] as const;
export type AlertFormat = (typeof ALERT_FORMATS)[number];

export interface Webhook {
  format: AlertFormat;
  url: string;
  /** DingTalk's and Feishu's signing secret (加签), when the robot has one. */
  secret?: string;
}

export type ReleaseEvent = 'auto-rollback' | 'watch-rollback' | 'rollback' | 'analysis-failed' | 'promote';

/** What an analysis found, as the alert carries it (JSON): the version judged against its baseline. */
export interface AlertFigures {
  version: string;
  baseline: string | null;
  loads: number;
  baseline_loads: number;
  failure_rate: number;
  baseline_failure_rate: number;
  error_rate: number;
  baseline_error_rate: number;
  p_value: number;
}

export function alertFigures(analysis: AnalysisFigures): AlertFigures {
  return {
    version: analysis.version,
    baseline: analysis.baseline,
    loads: analysis.loads,
    baseline_loads: analysis.baselineLoads,
    failure_rate: analysis.failureRate,
    baseline_failure_rate: analysis.baselineFailureRate,
    error_rate: analysis.errorRate,
    baseline_error_rate: analysis.baselineErrorRate,
    p_value: analysis.pValue,
  };
}

export interface ReleaseAlert {
  event: ReleaseEvent;
  env: string;
  remote: string;
  /** The version the step is about: the rolled-back canary, or the promoted version. */
  version: string;
  /** Stable after the step. */
  stable: string | null;
  actor: string;
  reason: string;
  /** ISO time of the step. */
  at: string;
  /** The analysis behind an automatic step (auto-rollback, watch-rollback, analysis-failed). */
  figures?: AlertFigures;
}

const TITLES: Record<ReleaseEvent, string> = {
  'auto-rollback': '金丝雀已自动回滚',
  'watch-rollback': '全量后观察期分析未通过，已自动回滚',
  rollback: '已回滚',
  'analysis-failed': '分析未通过，无可回滚的版本，未回滚',
  promote: '已全量发布',
};

/** Reads RELEASE_WEBHOOKS; a malformed entry stops the start with what is wrong (an alert that never arrives is found too late). */
export function parseWebhooks(value: string): Webhook[] {
  const hooks: Webhook[] = [];
  for (const entry of value
    .split(/[,\n]/)
    .map((e) => e.trim())
    .filter(Boolean)) {
    const at = entry.indexOf('=');
    const head = at > 0 ? entry.slice(0, at) : '';
    const url = at > 0 ? entry.slice(at + 1).trim() : '';
    const [format = '', secret] = head.split(':', 2);
    if (!(ALERT_FORMATS as readonly string[]).includes(format)) {
      throw new Error(`RELEASE_WEBHOOKS: "${entry.slice(0, 40)}" must start with one of ${ALERT_FORMATS.join(', ')}, then = and the URL`);
    }
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new Error(`RELEASE_WEBHOOKS: the ${format} webhook's URL "${url.slice(0, 60)}" is not a URL`);
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error(`RELEASE_WEBHOOKS: the ${format} webhook must be an http(s) URL`);
    if (secret && format !== 'dingtalk' && format !== 'feishu') throw new Error(`RELEASE_WEBHOOKS: only dingtalk and feishu webhooks take a secret`);
    hooks.push({ format: format as AlertFormat, url, ...(secret ? { secret } : {}) });
  }
  return hooks;
}

const pct = (rate: number) => `${(rate * 100).toFixed(1)}%`;

/** One line of the analysis' figures, the baseline in brackets. */
function figuresText(f: AlertFigures): string {
  const p = f.p_value > 0 && f.p_value < 0.001 ? f.p_value.toExponential(1) : f.p_value.toFixed(3);
  return `分析：${f.version} 加载 ${f.loads} 次，失败率 ${pct(f.failure_rate)}，错误率 ${pct(f.error_rate)}；对照 ${f.baseline ?? '无'} 加载 ${f.baseline_loads} 次，失败率 ${pct(f.baseline_failure_rate)}，错误率 ${pct(f.baseline_error_rate)}；p = ${p}`;
}

/** The alert in plain words (the robots' text), Chinese as the team reads it. */
export function alertText(alert: ReleaseAlert): string {
  const lines = [
    `【发布】${alert.remote} ${alert.version} ${TITLES[alert.event]}（${alert.env}）`,
    `稳定版本：${alert.stable ?? '无'}`,
    `原因：${alert.reason || '未填写'}`,
    ...(alert.figures ? [figuresText(alert.figures)] : []),
    `操作人：${alert.actor}`,
    `时间：${alert.at}`,
  ];
  return lines.join('\n');
}

/** The request a webhook receives: its URL (DingTalk signs in the query) and JSON body. */
export function alertRequest(hook: Webhook, alert: ReleaseAlert, now: number = Date.now()): { url: string; body: unknown } {
  const text = alertText(alert);
  switch (hook.format) {
    case 'json':
      return { url: hook.url, body: { type: 'release', ...alert, title: TITLES[alert.event], text } };
    case 'wecom':
      return { url: hook.url, body: { msgtype: 'text', text: { content: text } } };
    case 'dingtalk': {
      const body = { msgtype: 'text', text: { content: text } };
      if (!hook.secret) return { url: hook.url, body };
      // 钉钉 加签: HMAC-SHA256 of "timestamp\nsecret" with the secret, base64, in the query.
      const sign = createHmac('sha256', hook.secret).update(`${now}\n${hook.secret}`).digest('base64');
      const url = new URL(hook.url);
      url.searchParams.set('timestamp', String(now));
      url.searchParams.set('sign', sign);
      return { url: url.toString(), body };
    }
    case 'feishu': {
      const body: Record<string, unknown> = { msg_type: 'text', content: { text } };
      if (hook.secret) {
        // 飞书 签名校验: HMAC-SHA256 keyed with "timestamp\nsecret" over nothing, base64; the timestamp in seconds.
        const timestamp = Math.floor(now / 1000);
        body.timestamp = String(timestamp);
        body.sign = createHmac('sha256', `${timestamp}\n${hook.secret}`).update('').digest('base64');
      }
      return { url: hook.url, body };
    }
  }
}

export interface AlertLog {
  warn(object: Record<string, unknown>, message: string): void;
}

const TIMEOUT_MS = 5000;

async function post(url: string, body: unknown): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
    redirect: 'error',
  });
  await response.arrayBuffer().catch(() => undefined);
  return response.status;
}

/** Posts the alert to every webhook (at once), each retried once after a failure; never throws. */
export async function sendAlert(hooks: readonly Webhook[], alert: ReleaseAlert, log: AlertLog): Promise<void> {
  await Promise.all(
    hooks.map(async (hook) => {
      const { url, body } = alertRequest(hook, alert);
      let problem = '';
      for (let attempt = 0; attempt < 2; attempt++) {
        try {
          const status = await post(url, body);
          if (status < 300) return;
          problem = `HTTP ${status}`;
          if (status < 500 && status !== 429) break;
        } catch (error) {
          problem = error instanceof Error ? error.message : String(error);
        }
      }
      log.warn({ format: hook.format, host: new URL(hook.url).host, event: alert.event, remote: alert.remote }, `release alert not delivered: ${problem}`);
    }),
  );
}
