import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { setMatchMedia } from './media';

// jest's jsdom environment leaves these out, and react-router needs them at import time. Loaded
// through jest so the renderer's type-check needs no Node typings.
if (typeof globalThis.TextEncoder === 'undefined') {
  const { TextEncoder, TextDecoder } = jest.requireActual<{ TextEncoder: unknown; TextDecoder: unknown }>('node:util');
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}

// jsdom has no Request; a data router (the app's) builds one per navigation and reads only its url,
// method and signal.
if (typeof globalThis.Request === 'undefined') {
  globalThis.Request = class {
    readonly url: string;
    readonly method: string;
    readonly signal: AbortSignal | undefined;
    constructor(url: string | URL, init: { method?: string; signal?: AbortSignal } = {}) {
      this.url = String(url);
      this.method = init.method ?? 'GET';
      this.signal = init.signal;
    }
  } as unknown as typeof Request;
}

// Mantine reads media queries and observes element sizes; jsdom implements neither.
setMatchMedia(() => false);

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
Object.defineProperty(window, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });

// Mantine's combobox scrolls options into view; jsdom has no layout to scroll.
if (!HTMLElement.prototype.scrollIntoView) {
  HTMLElement.prototype.scrollIntoView = () => {};
}

// Stored choices (cookie consent, beta notice, cart) must not leak from one test into the next.
beforeEach(() => {
  window.localStorage.clear();
});

afterEach(() => {
  window.localStorage.clear();
});

// Component tests drive real user events through Mantine's transitions; on a busy 2-core machine
// (CI runs the three projects side by side) a few need more than Jest's 5 s.
jest.setTimeout(15_000);
// The same load makes a first render with its queries answer after the 1 s that findBy* waits by
// default (CI saw the plan change's amount arrive late while every project's suites ran at once).
configure({ asyncUtilTimeout: 5_000 });
