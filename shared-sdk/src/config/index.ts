export { loadRuntimeConfig, getRuntimeConfig, setRuntimeConfig, RUNTIME_CONFIG_URL } from './runtime-config';
