// Shims jsdom lacks and that react-router 7 and antd need.
const util = require('node:util');
if (typeof globalThis.TextEncoder === 'undefined') globalThis.TextEncoder = util.TextEncoder;
if (typeof globalThis.TextDecoder === 'undefined') globalThis.TextDecoder = util.TextDecoder;
if (typeof window !== 'undefined') {
  require('@testing-library/jest-dom');
  if (!window.matchMedia) {
    window.matchMedia = (query) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    });
  }
  if (!window.MessageChannel) {
    // antd's Form (rc-component/form) defers work through a MessageChannel; a timer does the same here.
    window.MessageChannel = class {
      constructor() {
        const port = () => ({ onmessage: null, close() {}, start() {} });
        this.port1 = port();
        this.port2 = port();
        this.port1.postMessage = (data) => setTimeout(() => this.port2.onmessage?.({ data }));
        this.port2.postMessage = (data) => setTimeout(() => this.port1.onmessage?.({ data }));
      }
    };
  }
  if (!window.ResizeObserver) {
    window.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
}

// Screens load on first render (lazy routes), and their first require in jsdom (antd, transformed on
// the fly) can take longer than testing-library's 1 s default on a busy machine.
if (typeof window !== 'undefined') {
  try {
    const dom = require(require.resolve('@testing-library/dom', { paths: [process.cwd()] }));
    dom.configure({ asyncUtilTimeout: 5000 });
  } catch {
    // A package without testing-library has no async queries to configure.
  }
}
