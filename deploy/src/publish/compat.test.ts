import assert from 'node:assert/strict';
import { test } from 'node:test';
import { incompatibilities, singletonPackageOf } from './compat';

const HOST = { react: '19.3.1', 'antd/es/button': '6.6.8', 'antd/es/table': '6.6.8', '@ant-design/icons/es/icons/HomeOutlined': '6.3.4' };

test('maps a per-module shared key back to its singleton package', () => {
  assert.equal(singletonPackageOf('antd/es/button'), 'antd');
  assert.equal(singletonPackageOf('antd'), 'antd');
  assert.equal(singletonPackageOf('@ant-design/icons/es/icons/HomeOutlined'), '@ant-design/icons');
  assert.equal(singletonPackageOf('react-dom'), 'react-dom');
  assert.equal(singletonPackageOf('shared-sdk/router'), 'shared-sdk');
  assert.equal(singletonPackageOf('shared-sdk'), 'shared-sdk');
  assert.equal(singletonPackageOf('react-router-dom'), 'react-router-dom');
  assert.equal(singletonPackageOf('antd-mobile/es/button'), undefined);
  assert.equal(singletonPackageOf('lodash'), undefined);
});

test('checks antd components (no version of their own) against the antd version the host provides', () => {
  const fine = { 'antd/es/button': { version: '', requiredVersion: '^6.6.0' }, 'antd/es/table': { version: '', requiredVersion: '6.6.8' } };
  assert.deepEqual(incompatibilities('mf_drafts 1.0.1', fine, HOST), []);

  const tooNew = { 'antd/es/button': { version: '', requiredVersion: '^7.0.0' }, 'antd/es/table': { version: '', requiredVersion: '^7.0.0' } };
  assert.deepEqual(incompatibilities('mf_drafts 1.0.1', tooNew, HOST), ['antd: the host provides 6.6.8 but mf_drafts 1.0.1 requires ^7.0.0']);
});

test('refuses a component the remote takes from the host when the host does not provide it', () => {
  const shared = { 'antd/es/button': { version: '', requiredVersion: '6.6.8' }, 'antd/es/masonry': { version: '', requiredVersion: '6.6.8' } };
  assert.deepEqual(incompatibilities('mf_tools 2.0.0', shared, HOST), ['antd: mf_tools 2.0.0 takes antd/es/masonry from the host, which does not provide it']);
});

test('an icon the remote bundles itself may be missing from the host; its range still counts', () => {
  const own = { '@ant-design/icons/es/icons/PlusOutlined': { version: '6.3.4', requiredVersion: '6.3.4' } };
  assert.deepEqual(incompatibilities('mf_drafts 1.0.1', own, HOST), []);
  const newer = { '@ant-design/icons/es/icons/PlusOutlined': { version: '7.0.0', requiredVersion: '^7.0.0' } };
  assert.deepEqual(incompatibilities('mf_drafts 1.0.1', newer, HOST), [
    '@ant-design/icons: the host provides 6.3.4 but mf_drafts 1.0.1 requires ^7.0.0 (built with 7.0.0)',
  ]);
});

test('a host known only by package versions (its package.json) still checks per-component keys', () => {
  const shared = { 'antd/es/button': { version: '', requiredVersion: '^6.6.0' }, react: { version: '19.3.1', requiredVersion: '^19.3.1' } };
  assert.deepEqual(incompatibilities('mf_editor 1.2.0', shared, { antd: '6.6.8', react: '19.3.1' }), []);
  assert.deepEqual(incompatibilities('mf_editor 1.2.0', shared, { antd: '5.29.0', react: '19.3.1' }), [
    'antd: the host provides 5.29.0 but mf_editor 1.2.0 requires ^6.6.0',
  ]);
  assert.deepEqual(incompatibilities('mf_editor 1.2.0', shared, { react: '19.3.1' }), [
    'antd: mf_editor 1.2.0 shares it as a singleton but the host does not provide it',
  ]);
});

// The host as its build lists it since React Router is shared as `shared-sdk/router`, and before.
const ROUTER_HOST = { react: '19.3.1', 'antd/es/button': '6.6.8', 'shared-sdk': '1.0.0', 'shared-sdk/router': '1.0.0' };
const OLD_HOST = { react: '19.3.1', 'antd/es/button': '6.6.8', 'shared-sdk': '1.0.0', 'react-router-dom': '7.18.5' };
const TAKES_ROUTER = {
  'shared-sdk': { version: '1.0.0', requiredVersion: '^1.0.0' },
  'shared-sdk/router': { version: '', requiredVersion: '^1.0.0' },
};

test('checks shared-sdk/router, taken only from the host, as part of shared-sdk', () => {
  assert.deepEqual(incompatibilities('mf_drafts 1.1.0', TAKES_ROUTER, ROUTER_HOST), []);
  // Known only by its package.json, the host lists packages: shared-sdk covers its router.
  assert.deepEqual(incompatibilities('mf_drafts 1.1.0', TAKES_ROUTER, { react: '19.3.1', 'shared-sdk': '1.0.0' }), []);
  const newer = { 'shared-sdk': { version: '2.0.0', requiredVersion: '^2.0.0' }, 'shared-sdk/router': { version: '', requiredVersion: '^2.0.0' } };
  assert.deepEqual(incompatibilities('mf_drafts 1.1.0', newer, ROUTER_HOST), [
    'shared-sdk: the host provides 1.0.0 but mf_drafts 1.1.0 requires ^2.0.0 (built with 2.0.0)',
  ]);
});

test('refuses a remote that takes shared-sdk/router from a host build that does not provide it', () => {
  assert.deepEqual(incompatibilities('mf_drafts 1.1.0', TAKES_ROUTER, OLD_HOST), [
    'shared-sdk: mf_drafts 1.1.0 takes shared-sdk/router from the host, which does not provide it',
  ]);
});

test('refuses a remote still sharing react-router-dom on its own, unless the host still provides it', () => {
  const old = {
    'shared-sdk': { version: '1.0.0', requiredVersion: '^1.0.0' },
    'react-router-dom': { version: '7.18.5', requiredVersion: '^7.18.5' },
  };
  assert.deepEqual(incompatibilities('mf_drafts 1.0.0', old, ROUTER_HOST), [
    'react-router-dom: mf_drafts 1.0.0 shares it as a singleton but the host does not provide it',
  ]);
  assert.deepEqual(incompatibilities('mf_drafts 1.0.0', old, { react: '19.3.1', 'shared-sdk': '1.0.0' }), [
    'react-router-dom: mf_drafts 1.0.0 shares it as a singleton but the host does not provide it',
  ]);
  assert.deepEqual(incompatibilities('mf_drafts 1.0.0', old, OLD_HOST), []);
});
