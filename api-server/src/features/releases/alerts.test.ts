/** Release alerts: RELEASE_WEBHOOKS read strictly, each receiver's format and signature, delivery with one retry. */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { alertRequest, parseWebhooks, type ReleaseAlert, sendAlert } from './alerts';

const ALERT: ReleaseAlert = {
  event: 'auto-rollback',
  env: 'production',
  remote: 'mf-tools',
  version: '1.2.0',
  stable: '1.1.0',
  actor: 'api-server (auto-rollback)',
  reason: 'canary error-session rate 100.0 % over 4 loads vs stable 0.0 % over 0',
  at: '2026-11-29T01:00:00.000Z',
};

describe('release alerts', () => {
  it('reads RELEASE_WEBHOOKS, and stops the start on an entry it cannot use', () => {
    assert.deepEqual(parseWebhooks(''), []);
    assert.deepEqual(
      parseWebhooks(' wecom=https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k1,\n dingtalk:SEC9=https://oapi.dingtalk.com/robot/send?access_token=t=1 '),
      [
        { format: 'wecom', url: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k1' },
        { format: 'dingtalk', url: 'https://oapi.dingtalk.com/robot/send?access_token=t=1', secret: 'SEC9' },
      ],
    );
    assert.throws(() => parseWebhooks('slack=https://hooks.slack.com/x'), /must start with one of json, wecom, dingtalk, feishu/);
    assert.throws(() => parseWebhooks('json=not a url'), /is not a URL/);
    assert.throws(() => parseWebhooks('json=file:///etc/passwd'), /http\(s\) URL/);
    assert.throws(() => parseWebhooks('wecom:abc=https://x.example.com'), /only dingtalk and feishu webhooks take a secret/);
  });

  it("speaks each robot's format, signed as DingTalk and Feishu check it", () => {
    const now = 1_764_378_000_000;
    const wecom = alertRequest({ format: 'wecom', url: 'https://qyapi.weixin.qq.com/hook?key=k' }, ALERT, now);
    assert.deepEqual(Object.keys(wecom.body as object), ['msgtype', 'text']);
    assert.match(
      (wecom.body as { text: { content: string } }).text.content,
      /^【发布】mf-tools 1\.2\.0 金丝雀已自动回滚（production）\n稳定版本：1\.1\.0\n原因：canary error-session rate/,
    );

    const ding = alertRequest({ format: 'dingtalk', url: 'https://oapi.dingtalk.com/robot/send?access_token=t', secret: 'SECx' }, ALERT, now);
    const url = new URL(ding.url);
    assert.equal(url.searchParams.get('access_token'), 't');
    assert.equal(url.searchParams.get('timestamp'), String(now));
    assert.equal(url.searchParams.get('sign'), createHmac('sha256', 'SECx').update(`${now}\nSECx`).digest('base64'));

    const feishu = alertRequest({ format: 'feishu', url: 'https://open.feishu.cn/open-apis/bot/v2/hook/h', secret: 'fs' }, ALERT, now) as {
      body: Record<string, unknown>;
    };
    assert.equal(feishu.body.msg_type, 'text');
    assert.equal(feishu.body.timestamp, String(now / 1000));
    assert.equal(
      feishu.body.sign,
      createHmac('sha256', `${now / 1000}\nfs`)
        .update('')
        .digest('base64'),
    );

    const json = alertRequest({ format: 'json', url: 'https://ops.example.com/h' }, ALERT, now).body as Record<string, unknown>;
    assert.equal(json.event, 'auto-rollback');
    assert.equal(json.remote, 'mf-tools');
    assert.equal(json.title, '金丝雀已自动回滚');
  });

  describe('delivery', () => {
    const received: { url: string; body: unknown }[] = [];
    let failNext = 0;
    let server: http.Server;
    let origin = '';
    before(async () => {
      server = http.createServer((req, res) => {
        let text = '';
        req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        req.on('end', () => {
          if (failNext > 0) {
            failNext--;
            res.writeHead(503).end();
            return;
          }
          received.push({ url: req.url ?? '', body: JSON.parse(text) as unknown });
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"errcode":0}');
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    after(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('posts to every webhook, retries once after a 5xx, and logs a receiver that stays down without throwing', async () => {
      const warnings: string[] = [];
      const log = { warn: (_: Record<string, unknown>, message: string) => void warnings.push(message) };
      failNext = 1;
      await sendAlert(
        [
          { format: 'json', url: `${origin}/json` },
          { format: 'wecom', url: `${origin}/wecom?key=k` },
        ],
        ALERT,
        log,
      );
      assert.deepEqual(received.map((r) => r.url).sort(), ['/json', '/wecom?key=k']);
      assert.deepEqual(warnings, []);
      failNext = 2;
      await sendAlert([{ format: 'json', url: `${origin}/down` }], ALERT, log);
      assert.deepEqual(warnings, ['release alert not delivered: HTTP 503']);
      await sendAlert([{ format: 'json', url: 'http://127.0.0.1:9/closed' }], ALERT, log);
      assert.equal(warnings.length, 2);
    });
  });
});
