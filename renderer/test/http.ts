/** An answer as the server would give it (test/environment.js lends jsdom Node's Response). */
export function fakeResponse(status: number, text: string, statusText = ''): Response {
  return new Response([204, 205, 304].includes(status) ? null : text, { status, statusText });
}

export const jsonResponse = (status: number, body: unknown, statusText = ''): Response =>
  fakeResponse(status, JSON.stringify(body), statusText);
