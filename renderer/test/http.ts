/** jsdom has no fetch Response; the API client only reads these members. */
export function fakeResponse(status: number, text: string, statusText = ''): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText,
    text: () => Promise.resolve(text),
  } as unknown as Response;
}

export const jsonResponse = (status: number, body: unknown, statusText = ''): Response =>
  fakeResponse(status, JSON.stringify(body), statusText);
