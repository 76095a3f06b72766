import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** What a SigV4 check needs of the HTTP request, exactly as it arrived. */
export interface SignedRequest {
  method: string;
  /** The path without the query string, as sent (e.g. /idp). */
  path: string;
  query: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface AccessKey {
  accessKeyId: string;
  secretAccessKey: string;
}

export type SigV4Failure = 'missing' | 'unknownKey' | 'badSignature' | 'expired';

/** How far the request's x-amz-date may be from our clock, as AWS allows. */
const MAX_SKEW_MS = 15 * 60 * 1000;

/** Headers a signature must cover: without them a signed call could be replayed to another host or action. */
const REQUIRED_SIGNED_HEADERS = ['host', 'x-amz-date', 'x-amz-target'];

const AUTHORIZATION = /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/(\d{8})\/([^/,\s]+)\/([^/,\s]+)\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/;

/**
 * Checks an AWS Signature Version 4 (as the AWS SDK signs Cognito's Admin* calls) against the one
 * key pair we accept: the same canonical request, string to sign and derived key as AWS, so that
 * the official SDK works unchanged. Answers null when it holds, else why not.
 */
export function verifySigV4(request: SignedRequest, key: AccessKey, service: string, now = new Date()): SigV4Failure | null {
  const authorization = header(request.headers, 'authorization');
  const amzDate = header(request.headers, 'x-amz-date');
  const match = authorization ? AUTHORIZATION.exec(authorization) : null;
  if (!match || !amzDate) return 'missing';
  const [, accessKeyId, date, region, signedService, signedHeaderList, signature] = match;
  if (!safeEqual(accessKeyId, key.accessKeyId)) return 'unknownKey';
  const signedHeaders = signedHeaderList.split(';');
  if (signedService !== service || !amzDate.startsWith(date) || REQUIRED_SIGNED_HEADERS.some((name) => !signedHeaders.includes(name))) return 'badSignature';
  const signedAt = Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
  if (Number.isNaN(signedAt) || Math.abs(now.getTime() - signedAt) > MAX_SKEW_MS) return 'expired';

  const canonicalHeaders = signedHeaders.map((name) => `${name}:${(header(request.headers, name) ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  // Always the hash of the body received: a declared hash that differs would let a captured signature cover another body.
  const payloadHash = sha256Hex(request.body);
  const declared = header(request.headers, 'x-amz-content-sha256');
  if (declared !== undefined && declared !== payloadHash) return 'badSignature';
  const canonicalRequest = [request.method.toUpperCase(), canonicalPath(request.path), canonicalQuery(request.query), canonicalHeaders, signedHeaderList, payloadHash].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = [date, region, service, 'aws4_request'].reduce<Buffer>((secret, part) => hmac(secret, part), Buffer.from(`AWS4${key.secretAccessKey}`));
  const expected = hmac(signingKey, stringToSign).toString('hex');
  return safeEqual(expected, signature) ? null : 'badSignature';
}

function header(headers: SignedRequest['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/** The path's segments normalised and URI-encoded twice, as the SDK does for every service but S3. */
function canonicalPath(path: string): string {
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  const normalised = `${path.startsWith('/') ? '/' : ''}${segments.join('/')}${segments.length > 0 && path.endsWith('/') ? '/' : ''}`;
  return escapeUri(normalised).replace(/%2F/g, '/');
}

function canonicalQuery(query: string): string {
  if (!query) return '';
  return query
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const [name, value = ''] = pair.split('=');
      return [escapeUri(decodeURIComponent(name)), escapeUri(decodeURIComponent(value))] as const;
    })
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

function escapeUri(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function hmac(key: Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
