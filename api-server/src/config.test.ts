/** The object storage settings: a bucket only when complete, and clear refusals otherwise. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEV_APP_SECRET, loadConfig } from './config';

const BUCKET = {
  OSS_BUCKET: 'media',
  OSS_REGION: 'oss-cn-zhengzhou',
  OSS_ACCESS_KEY_ID: 'id',
  OSS_ACCESS_KEY_SECRET: 'secret',
  OSS_STS_ROLE_ARN: 'acs:ram::1234567890:role/creator-upload',
};

describe('object storage configuration', () => {
  it('keeps the embedded storage when no OSS variable is set', () => {
    const config = loadConfig({});
    assert.equal(config.ossBucket, null);
    assert.equal(config.ossOperatorKey, null);
  });

  it('uses the bucket when its variables are set, with the documented defaults', () => {
    assert.deepEqual(loadConfig(BUCKET).ossBucket, {
      bucket: 'media',
      region: 'oss-cn-zhengzhou',
      endpoint: 'oss-cn-zhengzhou.aliyuncs.com',
      cname: false,
      accessKeyId: 'id',
      accessKeySecret: 'secret',
      stsRoleArn: 'acs:ram::1234567890:role/creator-upload',
      stsEndpoint: 'https://sts.aliyuncs.com',
      publicBaseUrl: '',
    });
    const custom = loadConfig({
      ...BUCKET,
      OSS_ENDPOINT: 'oss-cn-zhengzhou-internal.aliyuncs.com',
      OSS_STS_ENDPOINT: 'https://sts-vpc.cn-zhengzhou.aliyuncs.com/',
      OSS_PUBLIC_BASE_URL: 'https://cdn.example.com/',
    });
    assert.equal(custom.ossBucket?.endpoint, 'oss-cn-zhengzhou-internal.aliyuncs.com');
    assert.equal(custom.ossBucket?.stsEndpoint, 'https://sts-vpc.cn-zhengzhou.aliyuncs.com');
    assert.equal(custom.ossBucket?.publicBaseUrl, 'https://cdn.example.com');
    assert.equal(custom.ossOperatorKey, null);
  });

  it('refuses a partial bucket configuration, naming what is missing', () => {
    for (const name of Object.keys(BUCKET).filter((n) => n !== 'OSS_BUCKET')) {
      assert.throws(() => loadConfig({ ...BUCKET, [name]: '' }), new RegExp(`OSS_BUCKET is set but ${name} is missing`));
    }
    assert.throws(() => loadConfig({ OSS_BUCKET: 'media' }), /OSS_REGION, OSS_ACCESS_KEY_ID, OSS_ACCESS_KEY_SECRET, OSS_STS_ROLE_ARN are missing/);
    assert.throws(() => loadConfig({ ...BUCKET, OSS_BUCKET: '' }), /OSS_REGION is set but OSS_BUCKET is not/);
    assert.throws(() => loadConfig({ ...BUCKET, OSS_REGION: 'cn-zhengzhou' }), /OSS_REGION must look like oss-cn-zhengzhou/);
  });

  it('takes a custom domain bound to the bucket (OSS_CNAME) only with that domain as OSS_ENDPOINT', () => {
    const custom = loadConfig({ ...BUCKET, OSS_CNAME: 'true', OSS_ENDPOINT: 'https://files.example.com/' });
    assert.deepEqual([custom.ossBucket?.cname, custom.ossBucket?.endpoint], [true, 'https://files.example.com']);
    assert.equal(loadConfig({ ...BUCKET, OSS_CNAME: 'false' }).ossBucket?.cname, false);
    assert.throws(() => loadConfig({ ...BUCKET, OSS_CNAME: 'true' }), /OSS_CNAME=true needs OSS_ENDPOINT/);
    assert.throws(
      () => loadConfig({ ...BUCKET, OSS_CNAME: 'true', OSS_ENDPOINT: 'oss-cn-zhengzhou.aliyuncs.com' }),
      /custom domain bound to the bucket, not the OSS endpoint/,
    );
    assert.throws(() => loadConfig({ ...BUCKET, OSS_CNAME: 'true', OSS_ENDPOINT: 'https://files.example.com/oss' }), /must be a domain/);
    assert.throws(() => loadConfig({ ...BUCKET, OSS_CNAME: 'yes' }), /OSS_CNAME must be true or false/);
    assert.throws(() => loadConfig({ OSS_CNAME: 'true' }), /OSS_CNAME is set but OSS_BUCKET is not/);
  });

  it('accepts V1 signatures in the embedded storage only when OSS_ALLOW_V1_SIGNATURE says so', () => {
    assert.equal(loadConfig({}).ossAllowV1Signature, false);
    assert.equal(loadConfig({ OSS_ALLOW_V1_SIGNATURE: 'true' }).ossAllowV1Signature, true);
    assert.throws(() => loadConfig({ OSS_ALLOW_V1_SIGNATURE: 'maybe' }), /OSS_ALLOW_V1_SIGNATURE must be true or false/);
    assert.throws(() => loadConfig({ ...BUCKET, OSS_ALLOW_V1_SIGNATURE: 'true' }), /OSS_ALLOW_V1_SIGNATURE applies to the embedded storage only/);
  });

  it("takes OSS_ACCESS_KEY_ID/SECRET without a bucket as the embedded storage's operator key, both or neither", () => {
    assert.deepEqual(loadConfig({ OSS_ACCESS_KEY_ID: 'op', OSS_ACCESS_KEY_SECRET: 'op-secret' }).ossOperatorKey, {
      accessKeyId: 'op',
      accessKeySecret: 'op-secret',
    });
    assert.throws(() => loadConfig({ OSS_ACCESS_KEY_ID: 'op' }), /OSS_ACCESS_KEY_SECRET is missing/);
    assert.throws(() => loadConfig({ OSS_ACCESS_KEY_SECRET: 'op-secret' }), /OSS_ACCESS_KEY_ID is missing/);
  });
});

describe('production mode (APP_ENV=production)', () => {
  const COMPLETE = {
    APP_ENV: 'production',
    DATABASE_URL: 'postgres://db/creator',
    APP_SECRET: 'a-production-secret',
    UPLOAD_TOKEN_SECRET: 'upload-secret',
    DATA_DIR: '/srv/creator-shared',
  };

  it('refuses to start without its settings, naming every one that is missing', () => {
    assert.throws(
      () => loadConfig({ APP_ENV: 'production' }),
      (error: Error) => {
        for (const name of ['DATABASE_URL', 'APP_SECRET', 'UPLOAD_TOKEN_SECRET', 'OSS_BUCKET or DATA_DIR']) assert.match(error.message, new RegExp(name));
        // No shared operator secret: operators sign in with their own accounts and tokens.
        assert.doesNotMatch(error.message, /OPERATOR_TOKEN/);
        return true;
      },
    );
    for (const name of ['DATABASE_URL', 'APP_SECRET', 'UPLOAD_TOKEN_SECRET']) {
      assert.throws(
        () => loadConfig({ ...COMPLETE, [name]: '' }),
        (error: Error) => error.message.includes(`- ${name} (`) && error.message.split('\n').length === 2,
      );
    }
    assert.throws(() => loadConfig({ ...COMPLETE, DATA_DIR: '' }), /OSS_BUCKET or DATA_DIR/);
  });

  it('refuses the public development secret', () => {
    assert.throws(() => loadConfig({ ...COMPLETE, APP_SECRET: DEV_APP_SECRET }), /APP_SECRET \(it is the public development secret/);
  });

  it('starts with a bucket or a shared folder for the storage', () => {
    assert.equal(loadConfig(COMPLETE).production, true);
    assert.equal(loadConfig({ ...COMPLETE, DATA_DIR: '', ...BUCKET }).ossBucket?.bucket, 'media');
  });

  it('keeps the development defaults outside production', () => {
    const config = loadConfig({});
    assert.equal(config.production, false);
    assert.equal(config.appSecret, DEV_APP_SECRET);
  });
});
