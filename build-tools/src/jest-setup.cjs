// Shims jsdom lacks and that react-router 7 and antd need.
const util = require('node:util');
if (typeof globalThis.TextEncoder === 'undefined') globalThis.TextEncoder = util.TextEncoder;
if (typeof globalThis.TextDecoder === 'undefined') globalThis.TextDecoder = util.TextDecoder;
// Node 25 and later define a global localStorage that is undefined without --localstorage-file and warns
// (ExperimentalWarning) when read. A test on the node environment gets none, as on Node 22, and no warning.
if (typeof window === 'undefined' && Object.getOwnPropertyDescriptor(globalThis, 'localStorage')?.get) {
  Object.defineProperty(globalThis, 'localStorage', { value: undefined, configurable: true, writable: true });
}
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

// antd's CSS-in-JS puts thousands of rules into the document, and jsdom matches every rule against an
// element whenever its computed style is read: testing-library's role queries and jest-dom's
// visibility matchers read it for each element and its ancestors, which made one role query on an
// antd page take seconds. jsdom computes no layout, so of that CSS only the properties that decide
// whether an element is shown or reachable matter to a test; the style elements keep exactly those
// declarations, in the same rules and order, so those computed values stay the same.
if (typeof window !== 'undefined') {
  const { createRequire } = require('node:module');
  const fromJsdom = createRequire(createRequire(require.resolve('jest-environment-jsdom')).resolve('jsdom'));
  const cssom = fromJsdom('rrweb-cssom');
  const KEPT = new Set(['display', 'visibility', 'opacity', 'pointer-events', 'content-visibility']);
  // jsdom's cascade reads plain style rules and the rules of @media blocks; nothing else.
  const keptRule = (rule) => {
    if (rule.selectorText !== undefined && rule.style) {
      const declarations = [];
      for (let i = 0; i < rule.style.length; i++) {
        const property = rule.style[i];
        if (!KEPT.has(property)) continue;
        const priority = rule.style.getPropertyPriority(property);
        declarations.push(`${property}:${rule.style.getPropertyValue(property)}${priority ? ` !${priority}` : ''};`);
      }
      return declarations.length ? `${rule.selectorText}{${declarations.join('')}}` : '';
    }
    if (rule.media && rule.cssRules) {
      const inner = Array.from(rule.cssRules, keptRule).join('');
      return inner ? `@media ${rule.media.mediaText}{${inner}}` : '';
    }
    return '';
  };
  const filtered = new Map();
  const filterCss = (css) => {
    let kept = filtered.get(css);
    if (kept === undefined) {
      try {
        kept = Array.from(cssom.parse(css).cssRules, keptRule).join('');
      } catch {
        kept = css;
      }
      filtered.set(css, kept);
    }
    return kept;
  };
  // A style element reads back the CSS it was given, so a library comparing before it rewrites one
  // (rc-util's updateCSS) does not rewrite it on every render.
  const given = new WeakMap();
  const styleText = (proto, name) => {
    let owner = proto;
    while (owner && !Object.prototype.hasOwnProperty.call(owner, name)) owner = Object.getPrototypeOf(owner);
    const { get, set } = Object.getOwnPropertyDescriptor(owner, name);
    Object.defineProperty(window.HTMLStyleElement.prototype, name, {
      configurable: true,
      enumerable: true,
      get() {
        const actual = get.call(this);
        const entry = given.get(this);
        return entry && entry.kept === actual ? entry.css : actual;
      },
      set(value) {
        const css = String(value ?? '');
        const kept = filterCss(css);
        given.set(this, { css, kept });
        set.call(this, kept);
      },
    });
  };
  styleText(window.HTMLStyleElement.prototype, 'innerHTML');
  styleText(window.HTMLStyleElement.prototype, 'textContent');
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
