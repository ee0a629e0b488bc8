/**
 * Refuses a signed call whose signature does not hold (spec §7): missing fields, an unknown app id,
 * a timestamp outside the window (replays of old captured requests) or a wrong sign.
 * Runs before validation, so a forged request learns nothing about the parameters.
 */
import { timingSafeEqual } from 'node:crypto';
import { ApiCode, SIGN_WINDOW_MS, computeSign } from 'shared-sdk/contract';
import { ApiError } from '../../lib/api-error';
import { bytes } from '../../lib/bytes';
import { globalPlugin } from '../../lib/global-plugin';
import { requestParams, stringParam } from '../../lib/params';
import { policyFor } from './route-policy';

const REQUIRED = ['timestamp', 'app_id', 'sign'] as const;

const badSignature = (msg: string): ApiError => new ApiError(ApiCode.BAD_SIGNATURE, msg);

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(bytes(left), bytes(right));
}

export default globalPlugin(async (app) => {
  const { appId, appSecret } = app.config;

  app.addHook('preValidation', async (request) => {
    const policy = policyFor(request);
    if (policy !== 'signed' && policy !== 'signed+token') return;

    const params = requestParams(request);
    const missing = REQUIRED.filter((name) => stringParam(params, name) === '');
    if (missing.length) throw badSignature(`签名校验失败：缺少参数 ${missing.join('、')}`);

    if (!sameText(stringParam(params, 'app_id'), appId)) throw badSignature('签名校验失败：未知的应用标识 app_id');

    const timestamp = Number(stringParam(params, 'timestamp'));
    if (!Number.isFinite(timestamp)) throw badSignature('签名校验失败：timestamp 必须是毫秒时间戳');
    if (Math.abs(Date.now() - timestamp) > SIGN_WINDOW_MS) {
      throw badSignature('签名校验失败：请求时间与服务器相差超过5分钟，请校准设备时间后重试');
    }

    const expected = computeSign(params, appSecret);
    if (!sameText(stringParam(params, 'sign').toLowerCase(), expected)) throw badSignature('签名校验失败：签名不正确');
  });
});
