// Every browser's navigator.appName is 'Netscape' (the HTML standard fixes it); the navigator that
// Node 21+ puts on the global object has none. aws-amplify's SRP arithmetic (a copy of jsbn's
// BigInteger) chooses its digit routine by that name: without 'Netscape' it takes `am1`, which
// reads the global `Math` once per digit, and inside Jest's vm context every read of a global goes
// through Node's context interceptor, so one SRP sign-in took seconds on Node 22 and 24 (about
// 35 times Node 20's time) and outlived the server's keep-alive. With the browsers' name the test
// client computes as the renderer's Amplify does in Chromium (`am3`, 28-bit digits).
const { navigator } = globalThis as { navigator?: object };
if (navigator) Object.defineProperty(navigator, 'appName', { value: 'Netscape', configurable: true });
